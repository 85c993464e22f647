/** Deep links into other apps, whose queries may nest: built with qs (src/platform/query.ts). */
import { stringifyQuery, withQueryString } from './query'
import type { QueryObject } from './query'

/** The deep link that opens a page of a payment-app mini-program from a web page. */
export function paymentAppDeepLink(appId: string, page: string, query: QueryObject = {}): string {
  const params: QueryObject = { appId, page }
  const search = stringifyQuery(query)
  if (search) params.query = search
  return withQueryString('alipays://platformapi/startapp', params)
}
