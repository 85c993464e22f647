/**
 * Taro's network APIs, loaded on first use. The entry page needs none of them before it paints,
 * and on H5 they are heavy (Taro's request brings fetch, AbortController and JSONP polyfills), so
 * they stay out of its first load. On the mini-programs Taro compiles import() to require(), so
 * nothing changes there. (Toasts and dialogs load the same way, in ./ui-service.ts.)
 */
import type { Transport } from '../services/request/transport'
import { loadOnce } from './load-once'

/**
 * Taro's request, upload and download: the request client asks for them with each call (see its
 * `loadTransport`), the navigator with a document download. Loaded once, with the first of these.
 */
export const loadTaroTransport: () => Promise<Transport> = loadOnce(() => import(/* webpackChunkName: "request-transport" */ './taro-transport').then((module) => module.taroTransport))
