/** The application's issuer side: the issuers' agreements accepted on the consent step, and the push after the final commit. */
import { entryFromText } from '../../../src/domain/plate-entry'
import { APPLY_STEP, PAY_STATE } from '../../../src/domain/enums'
import { CHANNELS } from '../../../src/config/channel'
import { RequestError } from '../../../src/services/request/errors'
import { ISSUER_AGREEMENT_OUTDATED } from '../../../types/api/apply'
import type { ApplyPayload } from '../../../types/api/apply'
import { BUSINESS_CODE } from '../../../types/api/envelope'
import { detail } from '../../support/order-fixtures'
import { memoryBackend, setup } from './apply-setup'

const BEIJING = { issuerId: 3, version: '2026-01' }

async function openOrder(overrides: Parameters<typeof setup>[0] = {}, backend = memoryBackend()) {
  const world = setup(overrides, backend)
  world.store.setPlate(entryFromText('京A12345'))
  await world.plateStep.submitPlate()
  return world
}

/** A final commit's answer for a free package: nothing to pay, so the order goes to its issuer at once. */
const freeCommit = (): Parameters<typeof setup>[0] => ({
  apply: async (payload) => ({ orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: PAY_STATE.NOT_NEEDED, missing: [] }),
})

/** Lets the calls started without waiting (the push) run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the issuers of an application', () => {
  it("sends the issuers' agreements accepted with the consent on every later step", async () => {
    const { store, sent } = await openOrder()
    expect(sent[0]).not.toHaveProperty('issuerAgreements')
    store.acceptAgreements([BEIJING])
    await store.saveInformation()
    await store.submit()
    expect(sent.slice(1).map((payload) => [payload.stepId, payload.issuerAgreements])).toEqual([
      [APPLY_STEP.UPDATE, [BEIJING]],
      [APPLY_STEP.FINAL_COMMIT, [BEIJING]],
    ])
  })

  it('keeps them across a reload, and forgets them with the application', async () => {
    const backend = memoryBackend()
    const { store } = await openOrder({}, backend)
    store.acceptAgreements([BEIJING])
    await settled()
    const reloaded = setup({}, backend).store
    expect(reloaded.issuerAgreements).toEqual([BEIJING])
    reloaded.clear()
    expect(reloaded.issuerAgreements).toEqual([])
  })

  it('withdraws them when the server says a version is outdated, and the later steps go without them', async () => {
    const sent: ApplyPayload[] = []
    let outdated = true
    const { store } = await openOrder({
      apply: async (payload) => {
        sent.push(payload)
        if (payload.issuerAgreements && outdated) {
          throw new RequestError('business', ISSUER_AGREEMENT_OUTDATED.message, ISSUER_AGREEMENT_OUTDATED.code, null)
        }
        return { orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }
      },
    })
    store.acceptAgreements([BEIJING])
    await expect(store.saveInformation()).rejects.toMatchObject({ message: ISSUER_AGREEMENT_OUTDATED.message })
    expect(store.issuerAgreements).toEqual([])
    expect(store.consentNotice).toBe(ISSUER_AGREEMENT_OUTDATED.message)
    await store.saveInformation()
    expect(sent.at(-1)).not.toHaveProperty('issuerAgreements')
    // Accepting the new version sends it, and the consent page has nothing more to say.
    outdated = false
    store.acceptAgreements([{ issuerId: 3, version: '2026-02' }])
    expect(store.consentNotice).toBeUndefined()
    await store.submit()
    expect(sent.at(-1)?.issuerAgreements).toEqual([{ issuerId: 3, version: '2026-02' }])
  })

  it('keeps them for another refusal (a payload that could not be opened)', async () => {
    const { store } = await openOrder({
      apply: async (payload) => {
        if (payload.stepId === APPLY_STEP.CREATE) return { orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }
        throw new RequestError('business', '申请数据无法解析', BUSINESS_CODE.INVALID_PAYLOAD, null)
      },
    })
    store.acceptAgreements([BEIJING])
    await expect(store.saveInformation()).rejects.toBeInstanceOf(RequestError)
    expect(store.issuerAgreements).toEqual([BEIJING])
    expect(store.consentNotice).toBeUndefined()
  })

  it('asks for consent again for another order: one resumed from the order pages or found by the plate', async () => {
    const { store } = await openOrder()
    store.acceptAgreements([BEIJING])
    store.resumeOrder(detail({ orderId: 'ETC1', plateNumber: '京A12345' }))
    expect(store.issuerAgreements).toEqual([BEIJING])
    store.resumeOrder(detail({ orderId: 'ETC2', plateNumber: '京B22222' }))
    expect(store.issuerAgreements).toEqual([])
    expect(store.agreementsAcceptedAt).toBeUndefined()

    let open: string | undefined = undefined
    const found = await openOrder({ currentProcessByPlate: async () => (open ? detail({ orderId: open, plateNumber: '京A12345' }) : null) })
    found.store.acceptAgreements([BEIJING])
    open = 'ETC3'
    await expect(found.plateStep.submitPlate()).resolves.toMatchObject({ kind: 'resume', orderId: 'ETC3' })
    expect(found.store.issuerAgreements).toEqual([])
  })

  it('hands a submitted free order to its issuer once the final commit succeeds, with the promotion', async () => {
    const pushed: [string, string][] = []
    const { store } = await openOrder({ ...freeCommit(), push: async (orderId, promotionChannelId) => (pushed.push([orderId, promotionChannelId]), { orderId, pushed: true, issuerReceivedAt: null }) })
    await store.submit()
    await settled()
    expect(pushed).toEqual([['ETC1', CHANNELS.bank.defaultPromotion.promotionChannelId]])
  })

  it("pushes after the final commit's draft save has settled, leaving the pay page's calls the connections", async () => {
    const calls: string[] = []
    let saved: () => void = () => undefined
    const { store } = await openOrder({
      ...freeCommit(),
      saveDraft: () => (calls.push('saveDraft'), new Promise((resolve) => (saved = () => resolve({ savedAt: 'now' })))),
      push: async (orderId) => (calls.push('push'), { orderId, pushed: true, issuerReceivedAt: null }),
    })
    calls.length = 0
    await store.submit()
    await settled()
    expect(calls).toEqual(['saveDraft'])
    saved()
    await settled()
    expect(calls).toEqual(['saveDraft', 'push'])
  })

  it('does not push an application the server says is incomplete', async () => {
    const incomplete = await openOrder({
      apply: async (payload) => ({ orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: ['发行方服务协议'] }),
    })
    await incomplete.store.submit()
    await settled()
    expect(incomplete.pushes).toEqual([])
  })

  it('leaves an order that is still to be paid to the server: it goes to its issuer once paid', async () => {
    const unpaid = await openOrder()
    await expect(unpaid.store.submit()).resolves.toMatchObject({ orderId: 'ETC1', depositPayState: PAY_STATE.AWAITING_PAYMENT, missing: [] })
    await settled()
    expect(unpaid.pushes).toEqual([])
  })

  it('answers the final commit even when the push fails: the server hands the order over itself', async () => {
    const calls: string[] = []
    const { store } = await openOrder({ ...freeCommit(), push: (orderId) => (calls.push(orderId), Promise.reject(new Error('网络异常'))) })
    await expect(store.submit()).resolves.toMatchObject({ orderId: 'ETC1', missing: [] })
    await settled()
    expect(calls).toEqual(['ETC1'])
  })
})
