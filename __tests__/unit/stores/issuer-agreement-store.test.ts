import { observable, runInAction } from 'mobx'
import { ISSUER_AGREEMENT_OUTDATED } from '../../../types/api/apply'
import type { SupplierProtocolResponse } from '../../../types/api/catalogue'
import { BUSINESS_CODE } from '../../../types/api/envelope'
import type { CommodityFields } from '../../../src/domain/money'
import { entryFromText } from '../../../src/domain/plate-entry'
import { RequestError } from '../../../src/services/request/errors'
import { CommodityStore } from '../../../src/stores/commodity-store'
import { ISSUER_AGREEMENTS_FAILED, IssuerAgreementStore, packageIssuers } from '../../../src/stores/issuer-agreement-store'
import { fakeRoot } from '../../support/fake-root'

const PROMOTION = 'PC-1'

const pkg = (id: number, issuerId?: number): CommodityFields =>
  ({ id, commodityPrice: 2990 + id, ...(issuerId === undefined ? {} : { issuerId }) }) as CommodityFields

const doc = (issuerId: number): SupplierProtocolResponse => ({ issuerId, title: `发行方${issuerId}协议`, content: '条款', version: `v${issuerId}` })

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)))
  return { promise, resolve, reject }
}

function world(options: { packages?: () => Promise<CommodityFields[]>; protocol?: (issuerId: number) => Promise<SupplierProtocolResponse> } = {}) {
  /** The promotion in use, as the root store's getter reads it. */
  const current = observable.box(PROMOTION)
  const asked: number[] = []
  let listed = 0
  const commodity = new CommodityStore(
    {
      listCommodities: () => (listed++, (options.packages ?? (async () => [pkg(1, 11), pkg(2, 12), pkg(3, 11), pkg(4)]))()),
      goodsTypeConfig: async () => ({}),
      issuers: async () => [],
    },
    () => 0,
    () => current.get(),
  )
  const store = new IssuerAgreementStore(
    { supplierProtocol: (issuerId) => (asked.push(issuerId), (options.protocol ?? (async (id) => doc(id)))(issuerId)) },
    commodity,
  )
  return { store, commodity, current, asked, listed: () => listed }
}

describe('packageIssuers', () => {
  it('lists each issuer once, in the packages’ order, skipping packages without one', () => {
    expect(packageIssuers([pkg(1, 12), pkg(2), pkg(3, 11), pkg(4, 12)])).toEqual([12, 11])
    expect(packageIssuers([])).toEqual([])
  })
})

describe('IssuerAgreementStore', () => {
  it('loads the packages, then each issuer’s agreement once; the status is loading until then', async () => {
    const { store, asked, listed } = world()
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'loading' })
    const loading = store.ensure(PROMOTION)
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'loading' })
    await loading
    expect(listed()).toBe(1)
    expect(asked).toEqual([11, 12])
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'ready', agreements: [doc(11), doc(12)] })
  })

  it('shares a load under way and keeps a loaded one: the plate page’s request serves the consent page', async () => {
    const answer = deferred<SupplierProtocolResponse>()
    const { store, asked, listed } = world({ packages: async () => [pkg(1, 11)], protocol: () => answer.promise })
    const first = store.ensure(PROMOTION)
    const second = store.ensure(PROMOTION)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toEqual([11])
    answer.resolve(doc(11))
    await Promise.all([first, second])
    await store.ensure(PROMOTION)
    expect(asked).toEqual([11])
    expect(listed()).toBe(1)
    expect(store.statusFor(PROMOTION)).toMatchObject({ status: 'ready' })
  })

  it('leaves out an issuer the server has no agreement for', async () => {
    const { store } = world({
      protocol: async (issuerId) => {
        if (issuerId === 12) throw new RequestError('business', '未找到', BUSINESS_CODE.NOT_FOUND)
        return doc(issuerId)
      },
    })
    await store.ensure(PROMOTION)
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'ready', agreements: [doc(11)] })
  })

  it('says why the agreements failed, and asks again on retry', async () => {
    let fail = true
    const { store, asked } = world({
      protocol: async (issuerId) => {
        if (fail) throw new RequestError('network', '网络异常，请更换网络后重试', 12)
        return doc(issuerId)
      },
    })
    await store.ensure(PROMOTION)
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'failed', message: '网络异常，请更换网络后重试' })
    fail = false
    await store.retry(PROMOTION)
    expect(asked).toEqual([11, 12, 11, 12])
    expect(store.statusFor(PROMOTION)).toMatchObject({ status: 'ready' })
  })

  it('says the generic message for a failure that is not the request layer’s', async () => {
    const { store } = world({ protocol: () => Promise.reject(new TypeError('boom')) })
    await store.ensure(PROMOTION)
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'failed', message: ISSUER_AGREEMENTS_FAILED })
  })

  it('shows a failed package list as the failure, and retry lists the packages again before the agreements', async () => {
    let fail = true
    const { store, asked, listed } = world({
      packages: async () => {
        if (fail) throw new RequestError('timeout', '请求超时，请稍后重试', 13)
        return [pkg(1, 11)]
      },
    })
    await store.ensure(PROMOTION)
    expect(asked).toEqual([])
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'failed', message: '请求超时，请稍后重试' })
    fail = false
    await store.retry(PROMOTION)
    expect(listed()).toBe(2)
    expect(store.statusFor(PROMOTION)).toEqual({ status: 'ready', agreements: [doc(11)] })
  })

  it('shows nothing of another promotion’s agreements', async () => {
    const { store } = world()
    await store.ensure(PROMOTION)
    expect(store.statusFor('PC-2')).toEqual({ status: 'loading' })
  })

  it('works for the promotion in use when none is named, and follows it when it changes', async () => {
    const { store, commodity, current } = world({ packages: async () => [pkg(1, current.get() === PROMOTION ? 11 : 12)] })
    await store.ensure()
    expect(commodity.listedFor).toBe(PROMOTION)
    expect(store.statusFor()).toEqual({ status: 'ready', agreements: [doc(11)] })
    runInAction(() => current.set('PC-2'))
    expect(commodity.listsCurrent).toBe(false)
    expect(store.statusFor()).toEqual({ status: 'loading' })
    await store.ensure()
    expect(commodity.listsCurrent).toBe(true)
    expect(store.statusFor()).toEqual({ status: 'ready', agreements: [doc(12)] })
  })
})

describe('an agreement replaced meanwhile (RootStore wiring)', () => {
  it('a step refused as outdated makes the consent step load the agreements again, in their new version', async () => {
    const versions = ['2026-01', '2026-02']
    let asked = 0
    const { store } = fakeRoot({
      commodities: {
        listCommodities: async () => [pkg(1, 11)],
        supplierProtocol: async (issuerId) => ({ ...doc(issuerId), version: versions[Math.min(asked++, versions.length - 1)]! }),
      },
      apply: {
        apply: async (payload) => {
          if (payload.issuerAgreements?.some((accepted) => accepted.version === versions[0])) {
            throw new RequestError('business', ISSUER_AGREEMENT_OUTDATED.message, ISSUER_AGREEMENT_OUTDATED.code, null)
          }
          return { orderId: 'ETC1', stepId: payload.stepId, certificatesCommitSate: 0, depositPayState: 2, missing: [] }
        },
      },
    })
    const promotion = store.promotion.current.promotionChannelId
    store.apply.setPlate(entryFromText('京A12345'))
    await store.plateStep.submitPlate()
    await store.issuerAgreements.ensure(promotion)
    expect(store.issuerAgreements.statusFor(promotion)).toMatchObject({ status: 'ready', agreements: [{ version: '2026-01' }] })
    store.apply.acceptAgreements([{ issuerId: 11, version: '2026-01' }])
    await expect(store.apply.saveInformation()).rejects.toMatchObject({ message: ISSUER_AGREEMENT_OUTDATED.message })

    expect(store.issuerAgreements.statusFor(promotion)).toEqual({ status: 'loading' })
    await store.issuerAgreements.ensure(promotion)
    expect(store.issuerAgreements.statusFor(promotion)).toMatchObject({ status: 'ready', agreements: [{ version: '2026-02' }] })
  })
})
