/**
 * Taro's network, toast and dialog APIs, loaded on first use. The entry page needs none of them
 * before it paints, and on H5 they are heavy (Taro's request brings fetch, AbortController and
 * JSONP polyfills; toast and modal bring their own DOM views), so they stay out of its first
 * load. On the mini-programs Taro compiles import() to require(), so nothing changes there.
 */
import type { Transport } from '../services/request/transport'
import { loadOnce } from './load-once'

const interaction = loadOnce(() => import('./taro-interaction'))

/**
 * Taro's request, upload and download: the request client asks for them with each call (see its
 * `loadTransport`), the navigator with a document download. Loaded once, with the first of these.
 */
export const loadTaroTransport: () => Promise<Transport> = loadOnce(() => import('./taro-transport').then((module) => module.taroTransport))

export function deferredToast(message: string): void {
  void interaction().then(({ showToast }) => showToast(message))
}

export function deferredAlert(dialog: { title: string; confirmText: string }): Promise<void> {
  return interaction().then(({ showAlert }) => showAlert(dialog))
}
