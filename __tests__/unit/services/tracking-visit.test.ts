import { VISIT_RENEW_MARGIN_MS, createVisitSend } from '../../../src/services/tracking/visit'
import { RequestError } from '../../../src/services/request/errors'
import type { SignedTrackingHeader, TrackEvent, TrackingHeader, TrackingVisit, TrackingVisitRequest } from '../../../types/api/tracking'

const TRACK_UID = `T${'1'.repeat(24)}`
const HEADER: TrackingHeader = { app: 'etc-apply', app_id: 'TRACK-1', uid: '', trace_id: 'trace-1', device_info: 'jest', app_version: '1.0.0' }
const VIEW: TrackEvent = { type: 'pageView', page: '/apply/basic', at: 1 }
const CLICKED: TrackEvent = { ...VIEW, bd_vid: 'bd-1' }
const TTL_MS = 24 * 60 * 60 * 1000

function setup() {
  let now = 1_000_000
  let visits = 0
  const asked: TrackingVisitRequest[] = []
  const posted: SignedTrackingHeader[] = []
  let answer = (request: TrackingVisitRequest): Promise<unknown> =>
    Promise.resolve({ uid: `V${String(visits).padStart(24, '0')}`, visit_token: `token-${visits}-${request.bd_vid ?? ''}`, expires_at: now + TTL_MS })
  let outcome = (): Promise<void> => Promise.resolve()
  const send = createVisitSend({
    open: (request) => {
      visits += 1
      asked.push(request)
      return answer(request) as Promise<TrackingVisit>
    },
    post: (_events, header) => {
      posted.push(header)
      return outcome()
    },
    trackUid: () => TRACK_UID,
    now: () => now,
  })
  return {
    send,
    asked,
    posted,
    advance: (ms: number) => void (now += ms),
    answerWith: (next: typeof answer) => void (answer = next),
    postWith: (next: typeof outcome) => void (outcome = next),
  }
}

describe('tracking visits', () => {
  it('asks for a visit before the first batch, then sends every batch under it', async () => {
    const { send, asked, posted } = setup()
    await send([CLICKED], HEADER)
    await send([VIEW], HEADER)
    expect(asked).toEqual([{ trackuid: TRACK_UID, device_info: 'jest', bd_vid: 'bd-1' }])
    expect(posted).toEqual([
      { ...HEADER, uid: `V${'1'.padStart(24, '0')}`, visit_token: 'token-1-bd-1' },
      { ...HEADER, uid: `V${'1'.padStart(24, '0')}`, visit_token: 'token-1-bd-1' },
    ])
  })

  it("keeps a logged-in person's uid, under the visit's token", async () => {
    const { send, posted } = setup()
    await send([VIEW], { ...HEADER, uid: 'U0123' })
    expect(posted[0]).toMatchObject({ uid: 'U0123', visit_token: 'token-1-' })
  })

  it('asks again for a click id or device info the visit was not signed for', async () => {
    const { send, asked } = setup()
    await send([VIEW], HEADER)
    await send([VIEW, CLICKED], HEADER)
    await send([VIEW], HEADER)
    await send([VIEW], { ...HEADER, device_info: 'other' })
    expect(asked.map((request) => [request.device_info, request.bd_vid])).toEqual([
      ['jest', undefined],
      ['jest', 'bd-1'],
      ['other', undefined],
    ])
  })

  it('renews the visit shortly before its token expires', async () => {
    const { send, asked, advance } = setup()
    await send([VIEW], HEADER)
    advance(TTL_MS - VISIT_RENEW_MARGIN_MS - 1)
    await send([VIEW], HEADER)
    expect(asked).toHaveLength(1)
    advance(1)
    await send([VIEW], HEADER)
    expect(asked).toHaveLength(2)
  })

  it('drops the visit when the server refuses a batch, and keeps it when the network loses one', async () => {
    const { send, asked, postWith } = setup()
    postWith(() => Promise.reject(new RequestError('network', 'offline')))
    await expect(send([VIEW], HEADER)).rejects.toThrow('offline')
    postWith(() => Promise.reject(new RequestError('badRequest', '参数 visit_token 无效或已过期', 400)))
    await expect(send([VIEW], HEADER)).rejects.toMatchObject({ kind: 'badRequest' })
    expect(asked).toHaveLength(1)
    postWith(() => Promise.resolve())
    await send([VIEW], HEADER)
    expect(asked).toHaveLength(2)
  })

  it('posts nothing without a visit: a failed or malformed answer rejects the batch', async () => {
    const { send, posted, answerWith } = setup()
    answerWith(() => Promise.reject(new RequestError('serverError', 'busy', 429)))
    await expect(send([VIEW], HEADER)).rejects.toThrow('busy')
    answerWith(() => Promise.resolve(null))
    await expect(send([VIEW], HEADER)).rejects.toThrow('malformed')
    expect(posted).toEqual([])
  })
})
