/** The request client's transport over Taro.request, mapping Taro's failures to the catalogue. */
import Taro from '@tarojs/taro'
import { TransportFailure } from '../services/request/transport'
import { failureKind } from './taro-failure'
import type { Transport, TransportResponse } from '../services/request/transport'

export const taroTransport: Transport = {
  async request(request): Promise<TransportResponse> {
    try {
      const response = await Taro.request({
        url: request.url,
        method: request.method,
        header: request.header,
        data: request.body,
        timeout: request.timeoutMs,
        dataType: 'json',
      })
      return { statusCode: response.statusCode, data: response.data as unknown, header: response.header as Record<string, string> }
    } catch (error) {
      const errMsg = typeof error === 'object' && error !== null && 'errMsg' in error ? String(error.errMsg) : String(error)
      throw new TransportFailure(failureKind(errMsg), errMsg)
    }
  },
}
