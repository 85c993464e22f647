/**
 * The channel's packages, sorted by the domain's rule, the goods-type configuration (cached) and
 * the issuers' names. The packages are the current promotion's (the getter the root store hands
 * every store that needs the promotion) unless a caller names another (a landing page's
 * promotion, asked for before the visit switches to it).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { GOODS_CONFIG_CACHE_MS } from '../domain/constants'
import { issuerName } from '../domain/enums'
import { sortCommodities } from '../domain/money'
import type { CommodityFields } from '../domain/money'
import { DECODE_FAILURE_CLIENT_CODE, MESSAGES, RequestError } from '../services/request/errors'
import type { AnswerOf } from './contract'
import { initialLoadState, runLoad } from './load-state'
import type { LoadState } from './load-state'

export interface CommodityApi<C extends CommodityFields> {
  listCommodities(promotionChannelId: string): Promise<C[]>
  goodsTypeConfig(): AnswerOf<'goodsTypeConfig'>
  issuers(): AnswerOf<'issuers'>
}

/** The api's type promises an object; the server's document may not keep that promise. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export class CommodityStore<C extends CommodityFields = CommodityFields> {
  items: C[] = []
  load: LoadState = initialLoadState()
  /** The promotion channel whose packages `items` and `load` are. */
  listedFor: string | undefined = undefined
  goodsTypes: Record<string, unknown> | undefined = undefined
  /** The issuers' names from the remote configuration, once loaded. */
  issuerNames: ReadonlyMap<number, string> | undefined = undefined
  private goodsTypesAt: number | undefined = undefined

  constructor(
    private readonly api: CommodityApi<C>,
    private readonly now: () => number,
    private readonly currentPromotion: () => string,
  ) {
    makeAutoObservable<CommodityStore<C>, 'api' | 'now' | 'currentPromotion'>(this, { api: false, now: false, currentPromotion: false })
  }

  /** The promotion in use, whose packages the pages show. */
  get promotionChannelId(): string {
    return this.currentPromotion()
  }

  /** Whether `items` and `load` are the packages of the promotion in use. */
  get listsCurrent(): boolean {
    return this.listedFor === this.currentPromotion()
  }

  fetch(promotionChannelId: string = this.currentPromotion()): Promise<void> {
    if (this.listedFor !== promotionChannelId) this.items = []
    this.listedFor = promotionChannelId
    return runLoad(
      // A list asked for another promotion since then answers nothing here.
      (state) => {
        if (this.listedFor === promotionChannelId) this.load = state
      },
      () => this.api.listCommodities(promotionChannelId),
      (list) => {
        if (this.listedFor === promotionChannelId) this.items = sortCommodities(list)
      },
    )
  }

  /** The packages of `promotionChannelId`: kept when they are here or on their way, else asked for. */
  ensure(promotionChannelId: string = this.currentPromotion()): Promise<void> {
    const { status } = this.load
    if (this.listedFor === promotionChannelId && (status === 'ready' || status === 'loading')) return Promise.resolve()
    return this.fetch(promotionChannelId)
  }

  /**
   * The goods-type configuration, fetched at most once per GOODS_CONFIG_CACHE_MS. A document that
   * is not a JSON object (edited by hand on the server) rejects as a decode failure.
   */
  goodsTypeConfig(): Promise<Record<string, unknown>> {
    const fetchedAt = this.goodsTypesAt
    if (this.goodsTypes && fetchedAt !== undefined && this.now() - fetchedAt < GOODS_CONFIG_CACHE_MS) return Promise.resolve(this.goodsTypes)
    return this.api.goodsTypeConfig().then((config) => {
      if (!isPlainRecord(config)) throw new RequestError('decodeFailure', MESSAGES.decodeFailure, DECODE_FAILURE_CLIENT_CODE)
      runInAction(() => {
        this.goodsTypes = config
        this.goodsTypesAt = this.now()
      })
      return config
    })
  }

  /** Loads the issuers' names; without them (not loaded, or failed) the domain's names serve. */
  fetchIssuers(): Promise<void> {
    return this.api.issuers().then(
      (list) => {
        runInAction(() => {
          this.issuerNames = new Map(list.map((issuer) => [issuer.id, issuer.name]))
        })
      },
      // The domain has every issuer's name: a failed load costs nothing the user would see.
      () => undefined,
    )
  }

  /** An issuer's name: the remote configuration's, else the domain's. */
  issuerLabel(id: number): string | undefined {
    return this.issuerNames?.get(id) ?? issuerName(id)
  }
}
