/**
 * A final commit that submits the order answers the pay page's data (its pay info and detail):
 * the stores take them over, so the pay page that opens next asks for neither, once; later visits
 * ask as usual, and a commit that still misses something hands nothing over.
 */
import type { ApplyPayload, SubmittedOrder } from '../../../types/api/apply'
import { ACTIVITY_TYPE, APPLY_STEP, PAY_STATE } from '../../../src/domain/enums'
import { entryFromText } from '../../../src/domain/plate-entry'
import { fakeRoot } from '../../support/fake-root'
import { detail, payInfo } from '../../support/order-fixtures'

const ORDER = 'order-0001'

const PAY_INFO = payInfo({ orderId: ORDER })

function world(missing: string[] = []) {
  const asked = { info: 0, process: 0 }
  const submitted: SubmittedOrder = { payment: PAY_INFO, order: detail({ orderId: ORDER, plateNumber: '京A12345' }) }
  const root = fakeRoot({
    apply: {
      apply: async (payload: ApplyPayload) => ({
        orderId: payload.orderId ?? ORDER,
        stepId: payload.stepId,
        certificatesCommitSate: 7,
        depositPayState: PAY_STATE.AWAITING_PAYMENT,
        missing: payload.stepId === APPLY_STEP.FINAL_COMMIT ? missing : [],
        ...(payload.stepId === APPLY_STEP.FINAL_COMMIT && missing.length === 0 ? { submitted } : {}),
      }),
    },
    payment: { orderInfo: async (orderId) => (asked.info++, { ...PAY_INFO, orderId }) },
    orders: { orderProcess: async (orderId) => (asked.process++, detail({ orderId, activitySource: ACTIVITY_TYPE.WRITE_OFF_CODE })) },
  })
  return { ...root, asked, submitted }
}

async function submitOrder(store: ReturnType<typeof fakeRoot>['store']) {
  store.apply.setPlate(entryFromText('京A12345'))
  await store.plateStep.submitPlate()
  return store.apply.submit()
}

describe('the final commit hands the pay page its data', () => {
  it('the pay page shows the commit’s pay info and detail without asking; the next visit asks again', async () => {
    const { store, asked, submitted } = world()
    await submitOrder(store)
    expect(store.payment.info).toEqual(submitted.payment)
    expect(store.order.processOf(ORDER)).toEqual(submitted.order)

    await Promise.all([store.payment.loadInfo(ORDER), store.order.fetchProcess(ORDER)])
    expect(asked).toEqual({ info: 0, process: 0 })
    expect(store.payment.infoLoad.status).toBe('ready')
    expect(store.order.processLoadOf(ORDER).status).toBe('ready')

    await Promise.all([store.payment.loadInfo(ORDER), store.order.fetchProcess(ORDER)])
    expect(asked).toEqual({ info: 1, process: 1 })
  })

  it('asks for another order, and for a fresh detail, as usual', async () => {
    const { store, asked } = world()
    await submitOrder(store)
    await store.order.fetchProcess(ORDER, { fresh: true })
    await store.payment.loadInfo('order-other')
    expect(asked).toEqual({ info: 1, process: 1 })
  })

  it('a code claimed after the commit (the jump to the pay page refused) makes the pay page ask again', async () => {
    const { store, asked } = world()
    await submitOrder(store)
    await store.voucher.ensure(ORDER)
    store.voucher.setCode('ETC-DEMO-01')
    await expect(store.voucher.use()).resolves.toMatchObject({ kind: 'claimed' })
    const before = { ...asked }
    await Promise.all([store.payment.loadInfo(ORDER), store.order.fetchProcess(ORDER)])
    expect(asked).toEqual({ info: before.info + 1, process: before.process + 1 })
  })

  it('hands nothing over while something is missing', async () => {
    const { store, asked } = world(['车头照片'])
    await submitOrder(store)
    expect(store.payment.info).toBeUndefined()
    await store.payment.loadInfo(ORDER)
    expect(asked.info).toBe(1)
  })
})
