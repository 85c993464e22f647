/**
 * Tables for `it.each` written by outcome: each expected outcome (a validator's reason, a client
 * code) once, with the inputs that must give it, instead of the outcome repeated on every row.
 * The rows come out in the order written, one `[input, outcome]` row (one test) per input.
 */
export type ByOutcome<O> = ReadonlyArray<readonly [outcome: O, inputs: readonly string[]]>

export function rowsByOutcome<O>(groups: ByOutcome<O>): [string, O][] {
  return groups.flatMap(([outcome, inputs]) => inputs.map((input): [string, O] => [input, outcome]))
}

/** One test a refused input: `check(input)` is exactly `{ ok: false, reason }` for the reason it is listed under. */
export function itRefuses(check: (input: string) => unknown, groups: ByOutcome<string>, title = 'rejects %p'): void {
  it.each(rowsByOutcome(groups))(title, (input, reason) => {
    expect(check(input)).toEqual({ ok: false, reason })
  })
}

/** One test an accepted input: `check(input)` is exactly `{ ok: true, value }`, the value it is read as. */
export function itAccepts(check: (input: string) => unknown, rows: ReadonlyArray<readonly [input: string, value: string]>, title = 'accepts %p'): void {
  it.each(rows)(title, (input, value) => {
    expect(check(input)).toEqual({ ok: true, value })
  })
}
