/**
 * Shapes of values read back from storage. What a device kept was written by an older version of
 * the app, or by hand: a read checks it instead of trusting a cast. A Schema answers the value,
 * typed, or undefined when it is not of the shape; Guards are the checks it is built from.
 */
export type Schema<T> = (value: unknown) => T | undefined

export type Guard<T> = (value: unknown) => value is T

export function schema<T>(guard: Guard<T>): Schema<T> {
  return (value) => (guard(value) ? value : undefined)
}

export const isString: Guard<string> = (value): value is string => typeof value === 'string'

export const isNumber: Guard<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value)

export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || guard(value)
}

export function oneOf<const V extends readonly unknown[]>(...values: V): Guard<V[number]> {
  return (value): value is V[number] => values.includes(value)
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object whose every value passes `guard` (a map keyed by id). */
export function recordOf<T>(guard: Guard<T>): Guard<Record<string, T>> {
  return (value): value is Record<string, T> => isRecord(value) && Object.values(value).every(guard)
}

/** An object with a guard for each of T's fields (TypeScript keeps the list complete); other fields are ignored. */
export function fields<T extends object>(guards: { readonly [K in keyof T]-?: Guard<T[K]> }): Guard<T> {
  const entries = Object.entries(guards) as [string, Guard<unknown>][]
  return (value): value is T => isRecord(value) && entries.every(([name, guard]) => guard(value[name]))
}
