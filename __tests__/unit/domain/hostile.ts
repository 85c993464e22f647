/** Inputs no validator may throw on: each must come back as a reason. */
export const HOSTILE_INPUTS: [string, string][] = [
  ['empty', ''],
  ['whitespace only', ' \t\n '],
  ['100 000 characters', 'A'.repeat(100_000)],
  ['100 000 Chinese characters', '张'.repeat(100_000)],
  ['emoji', '😀😀😀'],
  ['right-to-left marks', '\u202e张三\u200f'],
  ['full-width digits', '１３８００１３８０００'],
  ['markup', '<script>alert(1)</script>'],
  ['control characters', 'ab\u0000cd\u0007'],
  ['lone surrogate', '\ud800abc'],
]
