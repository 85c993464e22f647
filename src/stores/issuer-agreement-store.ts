/**
 * The issuers' agreements of the consent step. The order's issuer is its package's, chosen after
 * that step, so the step shows the agreement of every issuer whose packages the promotion offers
 * (usually one): whichever package is chosen, its issuer's agreement is accepted (the final commit
 * needs it). Each is the issuer's own document with its version (getSupplierProtocol); an issuer
 * the server has none for ("not found") has nothing to accept.
 *
 * A store rather than the page's own state, so 下一步 on the plate page can ask for them while the
 * order is opened: on a slow link the consent page then shows them at once, one round trip sooner.
 */
import { makeAutoObservable, runInAction, when } from 'mobx'
import type { SupplierProtocolResponse } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { CommodityFields } from '../domain/money'
import { isRequestError } from '../services/request/errors'
import type { CommodityStore } from './commodity-store'
import type { AnswerOf } from './contract'
import { asError } from './load-state'

export interface IssuerAgreementApi {
  supplierProtocol(issuerId: number): AnswerOf<'supplierProtocol'>
}

export type IssuerAgreementStatus =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; agreements: readonly SupplierProtocolResponse[] }

export const ISSUER_AGREEMENTS_FAILED = '发行方服务协议加载失败，请重试'

const noAgreement = (error: unknown): boolean => isRequestError(error) && error.kind === 'business' && error.code === BUSINESS_CODE.NOT_FOUND

/** The distinct issuers of the packages, in the order the packages are listed. */
export function packageIssuers(packages: readonly CommodityFields[]): number[] {
  const issuers = packages.map((item) => item.issuerId).filter((issuerId): issuerId is number => issuerId !== undefined)
  return [...new Set(issuers)]
}

type Loaded = { issuers: string; result: { ok: true; agreements: readonly SupplierProtocolResponse[] } | { ok: false; error: Error } | undefined }

export class IssuerAgreementStore {
  /** The issuers (ids joined by commas) last asked about, with their answer once it came. */
  private loaded: Loaded | undefined = undefined
  private inFlight: Promise<void> | undefined = undefined

  constructor(
    private readonly api: IssuerAgreementApi,
    private readonly commodity: CommodityStore,
  ) {
    makeAutoObservable<IssuerAgreementStore, 'api' | 'commodity' | 'inFlight'>(this, { api: false, commodity: false, inFlight: false })
  }

  /** The issuers of the promotion's listed packages as a key; undefined until they are listed. */
  private issuersOf(promotionChannelId: string): string | undefined {
    const { commodity } = this
    if (commodity.listedFor !== promotionChannelId || commodity.load.status !== 'ready') return undefined
    return packageIssuers(commodity.items).join(',')
  }

  /**
   * Loads the agreements of the promotion's issuers: the packages first (kept when here or on
   * their way), then each issuer's document. Kept when loaded or loading for the same issuers.
   */
  ensure(promotionChannelId: string = this.commodity.promotionChannelId): Promise<void> {
    void this.commodity.ensure(promotionChannelId)
    return when(() => this.commodity.listedFor !== promotionChannelId || this.commodity.load.status !== 'loading').then(() => {
      const issuers = this.issuersOf(promotionChannelId)
      // Not listed (a failure, or another promotion since): the list's own state is what shows.
      if (issuers === undefined) return undefined
      if (this.loaded?.issuers === issuers && this.loaded.result?.ok !== false) return this.inFlight
      return this.fetch(issuers)
    })
  }

  /** Asks again for what failed: the packages, or the agreements. */
  retry(promotionChannelId: string = this.commodity.promotionChannelId): Promise<void> {
    const { commodity } = this
    if (commodity.listedFor === promotionChannelId && commodity.load.status === 'error') {
      return commodity.fetch(promotionChannelId).then(() => this.ensure(promotionChannelId))
    }
    return this.ensure(promotionChannelId)
  }

  /** Forgets the agreements loaded: an issuer has replaced one, the consent step asks again. */
  forget(): void {
    this.loaded = undefined
    this.inFlight = undefined
  }

  /** What the consent step shows for the promotion (the one in use unless named). */
  statusFor(promotionChannelId: string = this.commodity.promotionChannelId): IssuerAgreementStatus {
    const { commodity } = this
    if (commodity.listedFor === promotionChannelId && commodity.load.status === 'error') {
      return { status: 'failed', message: commodity.load.error?.message ?? ISSUER_AGREEMENTS_FAILED }
    }
    const issuers = this.issuersOf(promotionChannelId)
    const result = issuers !== undefined && this.loaded?.issuers === issuers ? this.loaded.result : undefined
    if (!result) return { status: 'loading' }
    if (!result.ok) return { status: 'failed', message: isRequestError(result.error) ? result.error.message : ISSUER_AGREEMENTS_FAILED }
    return { status: 'ready', agreements: result.agreements }
  }

  private fetch(issuers: string): Promise<void> {
    this.loaded = { issuers, result: undefined }
    const ids = issuers ? issuers.split(',').map(Number) : []
    const settle = (result: NonNullable<Loaded['result']>) =>
      runInAction(() => {
        // Another promotion's issuers asked for since: this answer is no longer shown.
        if (this.loaded?.issuers === issuers) this.loaded = { issuers, result }
      })
    const flight = Promise.all(ids.map((issuerId) => this.api.supplierProtocol(issuerId).catch((error: unknown) => (noAgreement(error) ? undefined : Promise.reject(error))))).then(
      (documents) => settle({ ok: true, agreements: documents.filter((document): document is SupplierProtocolResponse => document !== undefined) }),
      (error: unknown) => settle({ ok: false, error: asError(error) }),
    )
    this.inFlight = flight
    return flight
  }
}
