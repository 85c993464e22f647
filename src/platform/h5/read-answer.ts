/**
 * A fetch response read as Taro's H5 request reads it: the status, the headers by lower-case name,
 * the body as JSON (null when it is not, or for 204). Shared by the H5 request (fetch-request.ts)
 * and index.html's early order request (early-order.ts), whose answer the app takes over.
 */
import type { TransportResponse } from '../../services/request/transport'

const NO_CONTENT = 204

export async function readAnswer(response: Response): Promise<TransportResponse> {
  const header: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    header[name] = value
  })
  const data: unknown = response.status === NO_CONTENT ? null : await response.json().catch(() => null)
  return { statusCode: response.status, data, header }
}
