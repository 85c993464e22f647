/**
 * The region list behind the 所在地区 picker, built once from `@vant/area-data` (the mainland's
 * administrative divisions by code: province 440000, city 440300, district 440305).
 */
import { areaList } from '@vant/area-data'
import type { City, Province, RegionTree } from '../../src/domain/region'

/**
 * Taiwan, Hong Kong and Macao: the issuers' devices work on the mainland's expressways only and
 * are not mailed there.
 */
const UNSERVED_PROVINCE_PREFIXES: ReadonlySet<string> = new Set(['71', '81', '82'])

/** The codes of a level that start with `prefix`, in code order. */
function under(level: Readonly<Record<string, string>>, prefix: string): [code: string, name: string][] {
  return Object.entries(level)
    .filter(([code]) => code.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b))
}

function buildTree(): RegionTree {
  return under(areaList.province_list, '')
    .filter(([code]) => !UNSERVED_PROVINCE_PREFIXES.has(code.slice(0, 2)))
    .map(([code, name]): Province => [
      name,
      under(areaList.city_list, code.slice(0, 2)).map(([cityCode, cityName]): City => [
        cityName,
        under(areaList.county_list, cityCode.slice(0, 4)).map(([, district]) => district),
      ]),
    ])
}

let tree: RegionTree | undefined

/** The list, built on first use. */
export function regionTree(): RegionTree {
  tree ??= buildTree()
  return tree
}

/**
 * The list changes only with a release of the server: browsers and CDNs keep it a day and may
 * serve the kept copy for a week while they fetch the new one.
 */
export const REGIONS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800'
