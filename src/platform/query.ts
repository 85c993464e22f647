/** Query strings, parsed and built with qs under the specification's limits. */
import qs from 'qs'
import { QUERY_LIMITS } from '../domain/constants'

export type QueryValue = string | number | boolean | undefined | null | QueryValue[] | { [key: string]: QueryValue }
export type QueryObject = Record<string, QueryValue>

export function parseQuery(search: string): QueryObject {
  return qs.parse(search, {
    ignoreQueryPrefix: true,
    depth: QUERY_LIMITS.depth,
    arrayLimit: QUERY_LIMITS.arrayLimit,
    parameterLimit: QUERY_LIMITS.parameterLimit,
  }) as QueryObject
}

export function stringifyQuery(query: QueryObject): string {
  return qs.stringify(query, { skipNulls: true })
}

/** `path?query`, or the bare path when there is nothing to add. */
export function withQueryString(path: string, query: QueryObject): string {
  const search = stringifyQuery(query)
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path
}
