/** Reading Taro's network failure messages ("request:fail timeout", "request:fail abort", …). */
import type { TransportFailureKind } from '../services/request/errors'

export function failureKind(errMsg: string): TransportFailureKind {
  if (/timeout|timed out/i.test(errMsg)) return 'timeout'
  if (/abort|cancel/i.test(errMsg)) return 'aborted'
  return 'network'
}
