/** The request client's transport over Taro's network APIs, mapping their failures to the catalogue. */
import Taro from '@tarojs/taro'
import { TransportFailure } from '../services/request/transport'
import { requestFailure, transferFailure } from './taro-failure'
import type { Transport, TransportResponse } from '../services/request/transport'

/** The browser's word on whether it has a network, on H5; the mini-programs' failures say it themselves. */
function online(): boolean | undefined {
  return process.env.TARO_ENV === 'h5' ? window.navigator.onLine : undefined
}

/** Runs an upload or download, turning its failure into a TransportFailure. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw transferFailure(error)
  }
}

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
      const read = requestFailure(error, process.env.TARO_ENV, online())
      if (read instanceof TransportFailure) throw read
      return read
    }
  },
  upload: (request) =>
    guarded(async () => {
      const task = Taro.uploadFile({
        url: request.url,
        filePath: request.filePath,
        name: request.name,
        header: request.header,
        formData: request.formData,
        timeout: request.timeoutMs,
        // Alipay's my.uploadFile refuses an upload without the file's kind; the app uploads photos only.
        ...(process.env.TARO_ENV === 'alipay' ? { fileType: 'image' } : {}),
      })
      const { onProgress } = request
      if (onProgress) task.progress((update) => onProgress(update.progress))
      const response = await task
      return { statusCode: response.statusCode, data: response.data }
    }),
  download: (request) =>
    guarded(async () => {
      const response = await Taro.downloadFile({ url: request.url, header: request.header, timeout: request.timeoutMs })
      return { statusCode: response.statusCode, tempFilePath: response.tempFilePath }
    }),
}
