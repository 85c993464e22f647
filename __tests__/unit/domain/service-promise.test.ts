import { SHOW } from '../../../src/domain/enums'
import { SERVICE_PROMISE_MAX_ITEMS, readServicePromiseContent, servicePromiseToShow } from '../../../src/domain/service-promise'

const answer = (content: unknown, switchStatus: number = SHOW.YES) => ({ switchStatus, content: JSON.stringify(content) })

describe('the service promise to show', () => {
  it('is the switched-on content, its lines trimmed and blank lines left out', () => {
    expect(servicePromiseToShow(answer({ title: ' 服务承诺 ', items: [' 包邮到家 ', '', '原路退还'] }))).toEqual({
      title: '服务承诺',
      items: ['包邮到家', '原路退还'],
    })
  })

  it('keeps a promise without a title when it has lines', () => {
    expect(servicePromiseToShow(answer({ title: '', items: ['包邮到家'] }))).toEqual({ title: '', items: ['包邮到家'] })
  })

  it('shows at most SERVICE_PROMISE_MAX_ITEMS lines', () => {
    const items = Array.from({ length: SERVICE_PROMISE_MAX_ITEMS + 3 }, (_, index) => `承诺${index}`)
    expect(servicePromiseToShow(answer({ title: 't', items }))?.items).toEqual(items.slice(0, SERVICE_PROMISE_MAX_ITEMS))
  })

  it.each([
    ['switched off', answer({ title: 't', items: ['a'] }, SHOW.NO)],
    ['a switch of another value', answer({ title: 't', items: ['a'] }, 2)],
    ['no answer', null],
    ['undefined', undefined],
    ['content that is not JSON', { switchStatus: SHOW.YES, content: '{' }],
    ['content that is not text', { switchStatus: SHOW.YES, content: { title: 't', items: ['a'] } as unknown as string }],
    ['no lines', answer({ title: 't', items: [] })],
    ['blank lines only', answer({ title: 't', items: ['  '] })],
    ['a line that is not text', answer({ title: 't', items: ['a', 1] })],
    ['no title field', answer({ items: ['a'] })],
    ['a list as content', answer(['a'])],
    ['JSON null', answer(null)],
  ])('is nothing for %s', (_case, given) => {
    expect(servicePromiseToShow(given)).toBeUndefined()
  })

  it('reads a content document the same way', () => {
    expect(readServicePromiseContent({ title: 'x', items: ['y'], extra: true })).toEqual({ title: 'x', items: ['y'] })
    expect(readServicePromiseContent('x')).toBeUndefined()
  })
})
