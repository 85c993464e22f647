/**
 * A service promise (promiseConfig/getByType): a short list of what the product promises, shown
 * where its type belongs (types/api/catalogue.ts, SERVICE_PROMISE_TYPE). Only a switched-on
 * promise with something to say is shown: switched off, unreadable or empty, there is nothing to
 * show (never an empty box).
 */
import { SHOW } from './enums'

/** The `content` document of a service promise, once parsed from its JSON text. */
export interface ServicePromise {
  /** The heading, e.g. "服务承诺". */
  title: string
  /** One promise a line, in order. */
  items: string[]
}

/** The most lines a promise shows; a longer document is cut here. */
export const SERVICE_PROMISE_MAX_ITEMS = 10

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The content document as the app reads it, or undefined when it is not of that shape. */
export function readServicePromiseContent(content: unknown): ServicePromise | undefined {
  if (!isRecord(content) || typeof content.title !== 'string' || !Array.isArray(content.items)) return undefined
  if (!content.items.every((item): item is string => typeof item === 'string')) return undefined
  const title = content.title.trim()
  const items = content.items
    .map((item) => item.trim())
    .filter(Boolean)
    .slice(0, SERVICE_PROMISE_MAX_ITEMS)
  return items.length > 0 ? { title, items } : undefined
}

/**
 * The promise to show from the call's answer: switched on, its content JSON text of the
 * documented shape, with at least one line. Anything else shows nothing.
 */
export function servicePromiseToShow(answer: { switchStatus: number; content: string } | null | undefined): ServicePromise | undefined {
  if (!answer || answer.switchStatus !== SHOW.YES || typeof answer.content !== 'string') return undefined
  let content: unknown
  try {
    content = JSON.parse(answer.content)
  } catch {
    // Text that is not JSON has nothing the app could show; the answer is treated as switched off.
    return undefined
  }
  return readServicePromiseContent(content)
}
