import { QrCode } from '../../src/components/qr-code/QrCode'
import { qrModules, rowRuns } from '../../src/components/qr-code/qr-matrix'
import { ORDER_QR_PREFIX, orderQrText, utf8ByteString } from '../../src/domain/qr'
import { ORDER_STATUSES, orderActions } from '../../src/domain/order'
import { getByTestId, mountBare } from '../support/page-test'

const ORDER = { orderId: 'O3f9a1c2b7d4e5f60718293a4', plateNumber: '京AD12345' }

type Factory = ((typeNumber: 0, level: 'M') => { addData(data: string, mode: 'Byte'): void; make(): void; getModuleCount(): number; isDark(r: number, c: number): boolean }) & {
  stringToBytes: (s: string) => number[]
  stringToBytesFuncs: Record<string, (s: string) => number[]>
}

/** The library's own UTF-8 encoder on a private copy of it: an independent reference drawing. */
function referenceModules(text: string): boolean[][] {
  let factory: Factory | undefined
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    factory = require('qrcode-generator') as Factory
  })
  if (!factory) throw new Error('qrcode-generator did not load')
  const utf8 = factory.stringToBytesFuncs['UTF-8']
  if (!utf8) throw new Error('qrcode-generator has no UTF-8 encoder')
  factory.stringToBytes = utf8
  const code = factory(0, 'M')
  code.addData(text, 'Byte')
  code.make()
  const size = code.getModuleCount()
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => code.isDark(row, column)))
}

/** The modules as drawn: each run's width (percent of the side) back to its module count. */
function drawnModules(element: Element): boolean[][] {
  const size = Number(element.getAttribute('data-size'))
  const rows = Array.from(element.querySelectorAll('.qr-code__row'))
  return rows.map((row) =>
    Array.from(row.children).flatMap((run) => {
      const width = parseFloat((run as HTMLElement).style.width)
      const length = Math.round((width * size) / 100)
      return new Array<boolean>(length).fill(run.className.includes('qr-code__run--dark'))
    }),
  )
}

describe('order QR code', () => {
  it('encodes the order id and the plate behind a fixed prefix', () => {
    expect(orderQrText(ORDER)).toBe(`${ORDER_QR_PREFIX}|O3f9a1c2b7d4e5f60718293a4|京AD12345`)
  })

  it('carries text as UTF-8 bytes, so the Chinese province character survives', () => {
    const bytes = Array.from(utf8ByteString('京A€😀'), (character) => character.charCodeAt(0))
    expect(bytes).toEqual([...Buffer.from('京A€😀', 'utf8')])
    expect(qrModules(orderQrText(ORDER))).toEqual(referenceModules(orderQrText(ORDER)))
  })

  it('draws every module as runs of Views that fill each row exactly', async () => {
    const text = orderQrText(ORDER)
    const page = await mountBare(() => <QrCode text={text} label='订单二维码' testId='qr' />)
    const element = getByTestId(page, 'qr')
    expect(element.getAttribute('role')).toBe('img')
    expect(element.getAttribute('aria-label')).toBe('订单二维码')
    const expected = referenceModules(text)
    expect(Number(element.getAttribute('data-size'))).toBe(expected.length)
    expect(drawnModules(element)).toEqual(expected)
    expect(element.querySelectorAll('canvas')).toHaveLength(0)
  })

  it('groups equal neighbours into runs', () => {
    expect(rowRuns([true, true, false, true, false, false, false])).toEqual([
      { dark: true, length: 2 },
      { dark: false, length: 1 },
      { dark: true, length: 1 },
      { dark: false, length: 3 },
    ])
  })

  it('is offered for every status except cancelled and applying', () => {
    expect(ORDER_STATUSES.filter((status) => orderActions(status).qr)).toEqual([
      'activated',
      'awaitingActivation',
      'awaitingShipment',
      'rejected',
      'awaitingAudit',
    ])
  })
})
