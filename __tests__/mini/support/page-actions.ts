/**
 * Reading and driving a rendered page of the build. Taro does not carry `data-*` attributes into
 * the templates, so nodes are found by their text or by their kind (wx-input, …). Each rendered
 * node carries Taro's node id (`data-sid` in the DOM, or a React `id`), which is its id in the
 * page component: a tap or input goes to it there, as the host delivers it, and reaches Taro's
 * event handler.
 */
import { recordTap } from './wx-gesture'
import { agreeButtonTapped } from './wx-privacy'
import type { OpenPage } from './page-stack'

/** The page's text, whitespace collapsed. */
export function pageText(page: OpenPage): string {
  return (page.component.dom?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

function elements(page: OpenPage, selector = '*'): Element[] {
  return Array.from(page.component.dom?.querySelectorAll(selector) ?? [])
}

const innermost = (matches: Element[]): Element | undefined =>
  matches.find((element) => !matches.some((other) => other !== element && element.contains(other)))

/**
 * The innermost node whose text is `text`, else the first innermost one containing it; throws when
 * there is none. `within` (a selector) limits the search to the nodes it matches and their insides.
 */
export function findByText(page: OpenPage, text: string, within?: string): Element {
  const all = within ? elements(page, `${within}, ${within} *`) : elements(page)
  const found =
    innermost(all.filter((element) => element.textContent?.trim() === text)) ??
    innermost(all.filter((element) => element.textContent?.includes(text)))
  if (!found) throw new Error(`No node with the text "${text}"${within ? ` in ${within}` : ''} on ${page.route}: ${pageText(page)}`)
  return found
}

/** The host's nodes of one kind (e.g. 'input' for wx-input), in document order. */
export function nodesOfKind(page: OpenPage, kind: string): Element[] {
  return elements(page, `wx-${kind}`)
}

function targetOf(page: OpenPage, element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const id = node.getAttribute('data-sid') || node.id
    if (id) return id
  }
  throw new Error(`No node with a node id around <${element.tagName.toLowerCase()}> on ${page.route}`)
}

function dispatch(page: OpenPage, element: Element, type: string, detail: Record<string, unknown> = {}): void {
  const id = targetOf(page, element)
  const node = page.component.querySelector(`#${id}`)
  if (!node) throw new Error(`The page component has no node #${id} (${page.route})`)
  node.dispatchEvent(type, { detail })
}

/** The input of the field labelled `label`: the first wx-input around the label node (nearest enclosing node first). */
export function inputByLabel(page: OpenPage, label: string): Element {
  for (let node: Element | null = findByText(page, label); node; node = node.parentElement) {
    const input = node.querySelector('wx-input, wx-textarea')
    if (input) return input
  }
  throw new Error(`No input labelled "${label}" on ${page.route}`)
}

/** Taps the node (or the nearest enclosing node with a node id). */
export function tap(page: OpenPage, element: Element): void {
  recordTap()
  dispatch(page, element, 'tap')
  // A button of open-type agreePrivacyAuthorization answers its tap with WeChat's own event.
  const id = targetOf(page, element)
  if (openTypeOf(page, id) === AGREE_PRIVACY_OPEN_TYPE) {
    agreeButtonTapped(id)
    dispatch(page, element, 'agreeprivacyauthorization')
  }
}

const AGREE_PRIVACY_OPEN_TYPE = 'agreePrivacyAuthorization'

type DataNode = { sid?: string; cn?: DataNode[]; [prop: string]: unknown }

/** A node's open-type as the page's data gives it to the template (one of its props); Taro does not draw it into the DOM. */
function openTypeOf(page: OpenPage, id: string): string | undefined {
  const root = (page.component.instance as { data?: { root?: DataNode } } | undefined)?.data?.root
  const find = (node: DataNode | undefined): DataNode | undefined => {
    if (!node) return undefined
    if (node.sid === id) return node
    for (const child of node.cn ?? []) {
      const found = find(child)
      if (found) return found
    }
    return undefined
  }
  const node = find(root)
  return node && Object.values(node).some((value) => value === AGREE_PRIVACY_OPEN_TYPE) ? AGREE_PRIVACY_OPEN_TYPE : undefined
}

/** Taps the node showing `text` (inside `within`, a selector, when given). */
export function tapText(page: OpenPage, text: string, within?: string): void {
  tap(page, findByText(page, text, within))
}

/** Types `value` into an input node (one input event with the whole value). */
export function typeInto(page: OpenPage, element: Element, value: string): void {
  dispatch(page, element, 'input', { value, cursor: value.length })
}
