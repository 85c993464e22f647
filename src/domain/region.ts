/**
 * 所在地区 of a mailing address: a province, a city and a district chosen from the region list
 * (never typed), stored as their names joined by one space, e.g. "广东省 深圳市 南山区".
 */

/** A district by name. */
export type District = string
/** A city by name, with its districts. */
export type City = readonly [name: string, districts: readonly District[]]
/** A province by name, with its cities. */
export type Province = readonly [name: string, cities: readonly City[]]
/** Every place a device can be mailed to, province by province, in the list's order. */
export type RegionTree = readonly Province[]

export const REGION_SEPARATOR = ' '

/** What the server answers for a region that is not one of the list's. */
export const REGION_UNKNOWN = '请从列表中选择所在地区'

/** How many names a complete region has: province, city, district. */
export const REGION_DEPTH = 3

/** The stored text of a chosen province, city and district. */
export function regionText(names: readonly string[]): string {
  return names.join(REGION_SEPARATOR)
}

/** The names a region's text is made of (none for an empty one). */
export function regionNames(text: string): string[] {
  return text.split(REGION_SEPARATOR).filter(Boolean)
}

/** The names under a partial choice: provinces for none, cities for a province, districts for a city. */
export function regionOptions(tree: RegionTree, chosen: readonly string[]): readonly string[] {
  const [provinceName, cityName] = chosen
  if (provinceName === undefined) return tree.map(([name]) => name)
  const province = tree.find(([name]) => name === provinceName)
  if (!province) return []
  if (cityName === undefined) return province[1].map(([name]) => name)
  return province[1].find(([name]) => name === cityName)?.[1] ?? []
}

/** Whether the text names a province, one of its cities and one of that city's districts. */
export function isKnownRegion(tree: RegionTree, text: string): boolean {
  const names = regionNames(text)
  const district = names[REGION_DEPTH - 1]
  if (district === undefined || names.length !== REGION_DEPTH || regionText(names) !== text) return false
  return regionOptions(tree, names.slice(0, REGION_DEPTH - 1)).includes(district)
}
