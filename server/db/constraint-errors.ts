/**
 * Recognising a constraint's refusal in a driver error (pg and PGlite both report the SQLSTATE as
 * `code` and the index as `constraint`; Drizzle wraps them in `cause`), so code can answer the
 * business outcome a unique index stands for instead of a 500.
 */

/** PostgreSQL's unique_violation. */
export const UNIQUE_VIOLATION = '23505'

/** Whether the error (or one it wraps) is a unique violation of the named index. */
export function violatesUnique(error: unknown, indexName: string): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (code === UNIQUE_VIOLATION && constraint === indexName) return true
  }
  return false
}
