/**
 * Every combination of the values listed for each field, one object a combination, the first
 * field varying slowest (as nested flatMaps over the fields in the order written would give).
 */
export function everyCombination<T extends Record<string, unknown>>(values: { [K in keyof T]: readonly T[K][] }): T[] {
  return Object.entries(values).reduce<Record<string, unknown>[]>(
    (combinations, [field, options]) =>
      combinations.flatMap((combination) => (options as readonly unknown[]).map((value) => ({ ...combination, [field]: value }))),
    [{}],
  ) as T[]
}
