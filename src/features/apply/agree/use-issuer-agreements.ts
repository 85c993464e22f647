/**
 * The issuers' agreements of the consent step. The order's issuer is its package's, chosen after
 * this step, so the step shows the agreement of every issuer whose packages the promotion offers
 * (usually one): whichever package is chosen, its issuer's agreement is accepted (the final commit
 * needs it). Each is the issuer's own document with its version (getSupplierProtocol); an issuer
 * the server has none for ("not found") has nothing to accept.
 */
import { useEffect, useState } from 'react'
import type { SupplierProtocolResponse } from '../../../../types/api/catalogue'
import { BUSINESS_CODE } from '../../../../types/api/envelope'
import { useAppServices } from '../../../components/app-services/app-services'
import { commodityView } from '../../../components/commodity-view/commodity-view'
import type { CommodityFields } from '../../../domain/money'
import { isRequestError } from '../../../services/request/errors'
import { useStores } from '../../../stores/store-context'

export type IssuerAgreementsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string; retry: () => void }
  | { status: 'ready'; agreements: readonly SupplierProtocolResponse[] }

const LOAD_FAILED = '发行方服务协议加载失败，请重试'

const noAgreement = (error: unknown): boolean => isRequestError(error) && error.kind === 'business' && error.code === BUSINESS_CODE.NOT_FOUND

/** The distinct issuers of the packages, in the order the packages are listed. */
export function packageIssuers(packages: readonly CommodityFields[]): number[] {
  const issuers = packages.map((item) => commodityView(item).issuerId).filter((issuerId): issuerId is number => issuerId !== undefined)
  return [...new Set(issuers)]
}

/** The agreements to accept on the consent step; nothing is asked while `enabled` is false (no order yet). */
export function useIssuerAgreements(enabled: boolean): IssuerAgreementsState {
  const { commodity, promotion } = useStores()
  const { api } = useAppServices()
  const promotionChannelId = promotion.current.promotionChannelId
  const listed = commodity.listedFor === promotionChannelId ? commodity.load.status : 'idle'
  // A string, so the effect below runs when the issuers change, not on every render.
  const issuerKey = listed === 'ready' ? packageIssuers(commodity.items).join(',') : undefined
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<{ key: string; result: IssuerAgreementsState } | undefined>(undefined)

  useEffect(() => {
    if (enabled) void commodity.ensure(promotionChannelId)
  }, [enabled, commodity, promotionChannelId])

  useEffect(() => {
    if (!enabled || issuerKey === undefined) return undefined
    let current = true
    const key = `${issuerKey}#${attempt}`
    const retry = () => setAttempt((count) => count + 1)
    const issuerIds = issuerKey ? issuerKey.split(',').map(Number) : []
    Promise.all(issuerIds.map((issuerId) => api.catalogue.supplierProtocol(issuerId).catch((error: unknown) => (noAgreement(error) ? undefined : Promise.reject(error))))).then(
      (documents) => {
        const agreements = documents.filter((document): document is SupplierProtocolResponse => document !== undefined)
        if (current) setLoaded({ key, result: { status: 'ready', agreements } })
      },
      (error: unknown) => {
        const message = isRequestError(error) ? error.message : LOAD_FAILED
        if (current) setLoaded({ key, result: { status: 'failed', message, retry } })
      },
    )
    return () => {
      current = false
    }
  }, [enabled, api, issuerKey, attempt])

  if (listed === 'error') {
    return { status: 'failed', message: commodity.load.error?.message ?? LOAD_FAILED, retry: () => void commodity.fetch(promotionChannelId) }
  }
  if (issuerKey === undefined || loaded?.key !== `${issuerKey}#${attempt}`) return { status: 'loading' }
  return loaded.result
}
