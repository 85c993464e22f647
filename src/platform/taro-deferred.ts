/**
 * Taro's network APIs, loaded on first use. The entry page needs none of them before it paints,
 * and on H5 they are heavy (Taro's request brings fetch, AbortController and JSONP polyfills), so
 * they stay out of its first load. On the mini-programs Taro compiles import() to require(), so
 * nothing changes there. (Toasts and dialogs load the same way, in ./ui-service.ts.)
 */
import type { Transport } from '../services/request/transport'
import { fetchRequest } from './h5/fetch-request'
import { loadOnce } from './load-once'

const loadTaroNetwork: () => Promise<Transport> = loadOnce(() => import(/* webpackChunkName: "request-transport" */ './taro-transport').then((module) => module.taroTransport))

/** H5: requests on the browser's fetch, with nothing to load; uploads and downloads through Taro's, loaded with the first of them. */
const h5Transport: Transport = {
  request: fetchRequest,
  upload: async (request) => (await loadTaroNetwork()).upload(request),
  download: async (request) => (await loadTaroNetwork()).download(request),
}

/**
 * The request client's transport (its `loadTransport`; the navigator's for a document download):
 * on the mini-programs Taro's request, upload and download, loaded once, with the first of them.
 */
export const loadTaroTransport: () => Promise<Transport> = process.env.TARO_ENV === 'h5' ? () => Promise.resolve(h5Transport) : loadTaroNetwork
