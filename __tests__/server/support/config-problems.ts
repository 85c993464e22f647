/** The lines of the ConfigError `run` throws (server/config.ts); none when it passes. Any other error fails the test. */
import { ConfigError } from '../../../server/config'

export function configProblems(run: () => unknown): readonly string[] {
  try {
    run()
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}
