/**
 * A page's data as the Alipay host keeps it: `setData` paths applied to a plain object, and the
 * Taro node tree inside it (`root.cn`: nodes with `nn` the template's node name, `sid` the node
 * id, `cn` the children, `v` a text node's text).
 */

export type PageData = Record<string, unknown>

export interface TaroNode {
  nn: string
  sid?: string
  uid?: string
  /** A text node's text. */
  v?: string
  cn?: TaroNode[]
  [prop: string]: unknown
}

/** `root.cn.[0].cn[1].v` → ['root', 'cn', '0', 'cn', '1', 'v']. */
export function pathKeys(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((key) => key !== '')
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * Applies one `setData` payload: each key a path, created as it goes (an array where the next key
 * is an index). Values are copied through JSON, as the host serialises them to the render side.
 */
export function applySetData(data: PageData, update: Record<string, unknown>): void {
  for (const [path, value] of Object.entries(update)) {
    const keys = pathKeys(path)
    let container: Record<string, unknown> = data
    keys.slice(0, -1).forEach((key, index) => {
      const next = container[key]
      if (isRecord(next)) {
        container = next
      } else {
        const created: Record<string, unknown> = /^\d+$/.test(keys[index + 1]) ? ([] as unknown as Record<string, unknown>) : {}
        container[key] = created
        container = created
      }
    })
    container[keys[keys.length - 1]] = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown)
  }
}

/** Every node name (`nn`) in a value sent by setData, at any depth. */
export function nodeNamesIn(value: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    value.forEach((item) => nodeNamesIn(item, names))
  } else if (isRecord(value)) {
    if (typeof value.nn === 'string') names.add(value.nn)
    Object.values(value).forEach((item) => nodeNamesIn(item, names))
  }
  return names
}

/** The node names a payload sets: in its values and where a path sets a node's `nn` itself. */
export function nodeNamesInUpdate(update: Record<string, unknown>): Set<string> {
  const names = new Set<string>()
  for (const [path, value] of Object.entries(update)) {
    if (pathKeys(path).at(-1) === 'nn' && typeof value === 'string') names.add(value)
    nodeNamesIn(value, names)
  }
  return names
}

/** The page's node tree, depth first. */
export function* nodes(data: PageData): Generator<TaroNode> {
  const root = data.root
  if (!isRecord(root) || !Array.isArray(root.cn)) return
  const stack = [...(root.cn as TaroNode[])].reverse()
  while (stack.length > 0) {
    const node = stack.pop() as TaroNode
    yield node
    stack.push(...[...(node.cn ?? [])].reverse())
  }
}

/** A node's children and their children, depth first. */
export function* descendants(node: TaroNode): Generator<TaroNode> {
  for (const child of node.cn ?? []) {
    yield child
    yield* descendants(child)
  }
}

/** The text a node shows: its text nodes' text, in order. */
export function textOf(node: TaroNode): string {
  if (typeof node.v === 'string') return node.v
  return (node.cn ?? []).map(textOf).join('')
}

/** All the page's text. */
export function pageText(data: PageData): string {
  const root = data.root
  return isRecord(root) && Array.isArray(root.cn) ? (root.cn as TaroNode[]).map(textOf).join('\n') : ''
}
