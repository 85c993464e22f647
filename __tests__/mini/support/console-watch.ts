/**
 * What the mini-program runtime reports on the console while a test runs. The WXML runtime warns
 * "Template `tmpl_0_x` not found" for a node type that has no template (on a device the node is
 * not drawn); Taro and the page code report errors with console.error. Both are problems a test
 * fails on; the console stays quiet.
 */
const MISSING_TEMPLATE = /Template `[^`]+` not found/

export interface ConsoleWatch {
  /** Missing-template warnings, in order. */
  readonly missingTemplates: string[]
  /** Everything written with console.error, in order. */
  readonly errors: string[]
  /** Other warnings (kept for a test to look at; they fail nothing). */
  readonly warnings: string[]
  /** Both, for an assertion that there are none. */
  problems(): string[]
  /** Forgets what was seen so far. */
  clear(): void
  restore(): void
}

const text = (args: unknown[]): string =>
  args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === 'string' ? arg : String(arg))).join(' ')

export function watchConsole(): ConsoleWatch {
  const missingTemplates: string[] = []
  const errors: string[] = []
  const warnings: string[] = []
  const record = (args: unknown[]): void => {
    const line = text(args)
    if (MISSING_TEMPLATE.test(line)) missingTemplates.push(line)
    else errors.push(line)
  }
  const warn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    const line = text(args)
    if (MISSING_TEMPLATE.test(line)) missingTemplates.push(line)
    else warnings.push(line)
  })
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => record(args))
  return {
    missingTemplates,
    errors,
    warnings,
    problems: () => [...missingTemplates, ...errors],
    clear() {
      missingTemplates.length = 0
      errors.length = 0
      warnings.length = 0
    },
    restore() {
      warn.mockRestore()
      error.mockRestore()
    },
  }
}
