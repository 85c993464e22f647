/**
 * The typed API functions over the request client, one module per area (src/services/api, and a
 * feature's own calls in its folder), each built from the contract in types/api. `createApi`
 * gives the RootStore what it needs (its RootApi) and pages the rest (PageApi).
 */
import { SEAL_PURPOSE } from '../../types/api/sealed'
import type { BuildTarget, ChannelProfile } from '../config/channel'
import { payloadKeyHex } from '../config/keys'
import { createSealedBox } from '../services/crypto/sealed-box'
import type { SealedBox } from '../services/crypto/sealed-box'
import type { RequestClient } from '../services/request/client'
import { createApplyApi } from '../services/api/apply-api'
import { createAuthApi } from '../services/api/auth-api'
import { createCatalogueApi } from '../services/api/catalogue-api'
import { createOrderApi } from '../services/api/order-api'
import { createPaymentApi, payMethodOf } from '../services/api/payment-api'
import { createProvinceApi } from '../features/apply/province/province-api'
import { createTrackingSend, createTrackingVisit } from '../services/api/tracking-api'

export interface ApiOptions {
  /** Seals payloads; the build's payload key by default. */
  sealer?: SealedBox
  /** The build the app runs as (its upload paths and how it pays); the Taro build's by default. */
  target?: BuildTarget
  now?: () => number
}

export function createApi(client: RequestClient, channel: ChannelProfile, options: ApiOptions = {}) {
  const sealer = options.sealer ?? createSealedBox(payloadKeyHex(), SEAL_PURPOSE.payload)
  // In parentheses: the page tests' transform rewrites the variable into an `a || b` expression.
  const target = options.target ?? (process.env.TARO_ENV)
  const now = options.now ?? Date.now
  const catalogue = createCatalogueApi(client, channel)
  const orders = createOrderApi(client, sealer)
  // Structurally the RootStore's RootApi plus the calls pages make directly.
  return {
    auth: createAuthApi(client, channel, sealer, now),
    promotion: catalogue,
    commodities: catalogue,
    notices: catalogue,
    catalogue,
    orders,
    apply: createApplyApi(client, sealer, target === 'h5' ? 'h5' : 'mini'),
    payment: createPaymentApi(client, payMethodOf(target)),
    province: createProvinceApi(client),
    sendTracking: createTrackingSend(client),
    openTrackingVisit: createTrackingVisit(client),
  }
}

export type Api = ReturnType<typeof createApi>
