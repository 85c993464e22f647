/** Reading Taro's network failure messages ("request:fail timeout", "request:fail abort", …). */
import type { TransportFailureKind } from '../services/request/errors'

export function failureKind(errMsg: string): TransportFailureKind {
  if (/timeout|timed out/i.test(errMsg)) return 'timeout'
  if (/file (not found|not exist|error)|no such file|permission denied/i.test(errMsg)) return 'fileError'
  if (/abort|cancel/i.test(errMsg)) return 'aborted'
  return 'network'
}
