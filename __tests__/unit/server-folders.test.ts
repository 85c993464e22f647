/**
 * Issue 30: "The promotion rules move to server/promotions/; no two server folders import each
 * other", checked.
 *
 * The folders directly under server/ (auth, orders, payments, ...) import one another without a
 * cycle of any length: read every .ts file under server/, take its static import and export-from
 * specifiers (`import type` too; a literal `import('...')` or `require('...')` counts as well, so a
 * cycle cannot hide behind one), resolve the relative ones to the top folder they land in, and
 * look for a cycle in that graph. The files directly in server/ are the composition root, which
 * may import any folder (config.ts reads each folder's settings), so they are left out, except
 * app.ts and deps.ts: a folder that imports those while they import it back is a cycle too.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SERVER = path.resolve(__dirname, '../../server')

/** The root files that count as nodes of the graph (see above). */
const ROOT_NODES: ReadonlySet<string> = new Set(['app.ts', 'deps.ts'])

/** A module of server/: its path under server/ ('orders/admission.ts') and its text. */
interface SourceFile {
  readonly file: string
  readonly text: string
}

/** node → the nodes it imports → the imports that make that edge ('orders/x.ts → payments/y'). */
type FolderGraph = Map<string, Map<string, string[]>>

const SPECIFIER_PATTERNS: readonly RegExp[] = [
  // import x from '...', import type { X } from '...', export { x } from '...', export * from '...'
  // (across lines too: the part before `from` holds no quote and no semicolon)
  /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  // import '...' (for its effects)
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  // import('...'), require('...')
  /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
]

/** Every module specifier `text` imports or re-exports from. */
function importSpecifiers(text: string): string[] {
  return SPECIFIER_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]))
}

/** The graph node of a path under server/: its top folder, or a root file of ROOT_NODES. */
function nodeOf(fileUnderServer: string): string | undefined {
  const [top, ...rest] = fileUnderServer.split('/')
  if (rest.length > 0) return top
  const file = /\.ts$/.test(top) ? top : `${top}.ts`
  return ROOT_NODES.has(file) ? file : undefined
}

function folderGraph(files: readonly SourceFile[]): FolderGraph {
  const graph: FolderGraph = new Map()
  for (const { file, text } of files) {
    const from = nodeOf(file)
    if (from === undefined) continue
    if (!graph.has(from)) graph.set(from, new Map())
    for (const specifier of importSpecifiers(text)) {
      if (!specifier.startsWith('.')) continue
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      if (target.startsWith('..')) continue // outside server/: src/domain, types/
      const to = nodeOf(target)
      if (to === undefined || to === from) continue
      const edges = graph.get(from) as Map<string, string[]>
      const made = `${file} → ${target}`
      const known = edges.get(to) ?? []
      if (!known.includes(made)) edges.set(to, [...known, made])
    }
  }
  return graph
}

/** A cycle of the graph as its nodes, the first one again at the end; undefined when there is none. */
function findCycle(graph: FolderGraph): string[] | undefined {
  const done = new Set<string>()
  const onPath: string[] = []
  const visit = (node: string): string[] | undefined => {
    const at = onPath.indexOf(node)
    if (at >= 0) return [...onPath.slice(at), node]
    if (done.has(node)) return undefined
    onPath.push(node)
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    onPath.pop()
    done.add(node)
    return undefined
  }
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return undefined
}

/** '' for no cycle, else each step of the cycle with the imports that make it. */
function describeCycle(graph: FolderGraph): string {
  const cycle = findCycle(graph)
  if (!cycle) return ''
  const steps = cycle.slice(1).map((to, index) => `  ${cycle[index]} → ${to}: ${(graph.get(cycle[index])?.get(to) ?? []).join(', ')}`)
  return [`import cycle ${cycle.join(' → ')}`, ...steps].join('\n')
}

/** Every .ts file under `dir` (node_modules left out), as paths under server/. */
function serverFiles(dir = SERVER): SourceFile[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules') return []
    if (statSync(full).isDirectory()) return serverFiles(full)
    if (!name.endsWith('.ts')) return []
    return [{ file: path.relative(SERVER, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }]
  })
}

describe('the folders of server/ (issue 30)', () => {
  const files = serverFiles()

  it('import one another without a cycle', () => {
    expect(files.length).toBeGreaterThan(100)
    const graph = folderGraph(files)
    expect(graph.size).toBeGreaterThan(10)
    expect(describeCycle(graph)).toBe('')
  })

  it('the checker finds a cycle planted across three folders, through import type and export-from', () => {
    const planted: SourceFile[] = [
      { file: 'alpha/a.ts', text: "import {\n  b,\n} from '../beta/b'\n" },
      { file: 'beta/b.ts', text: "import type { C } from '../gamma/c'\nexport const b = 1\n" },
      { file: 'gamma/c.ts', text: "export { a } from '../alpha/a'\nexport type C = number\n" },
      { file: 'gamma/d.ts', text: "import { x } from 'zod'\nimport { y } from '../../src/domain/y'\n" },
    ]
    expect(findCycle(folderGraph(planted))).toEqual(['alpha', 'beta', 'gamma', 'alpha'])
    expect(describeCycle(folderGraph(planted))).toContain('gamma/c.ts → alpha/a')
    // The same files without the edge back: no cycle.
    expect(describeCycle(folderGraph(planted.filter((file) => file.file !== 'gamma/c.ts')))).toBe('')
  })

  it('the checker finds a folder that imports deps.ts while deps.ts imports it', () => {
    const planted: SourceFile[] = [
      { file: 'deps.ts', text: "import type { AppMetrics } from './http/metrics'\n" },
      { file: 'http/logging.ts', text: "import type { LogOptions } from '../deps'\n" },
      { file: 'config.ts', text: "import { x } from './http/x'\n" },
      { file: 'http/x.ts', text: "import { DEFAULTS } from '../config'\n" },
    ]
    expect(findCycle(folderGraph(planted))).toEqual(['deps.ts', 'http', 'deps.ts'])
  })

  describe('the promotion rules live in server/promotions/', () => {
    const PROMOTION_NAMES = [
      'PromotionChannelRow',
      'findPromotionChannel',
      'channelOpen',
      'channelKeyOfSource',
      'channelInterception',
      'PromotionUse',
      'promotionUseVerdict',
      'promotionOfChannel',
    ]
    /** Whether `text` declares or re-exports `name` as an export. */
    const exportsName = (text: string, name: string) =>
      new RegExp(`^export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function|const|let|type|interface|class)\\s+${name}\\b`, 'm').test(text) ||
      new RegExp(`^export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`, 'm').test(text)
    const inPromotions = (file: SourceFile) => file.file.startsWith('promotions/')

    it('server/promotions exists and exports every promotion rule', () => {
      expect(existsSync(path.join(SERVER, 'promotions'))).toBe(true)
      const promotions = files.filter(inPromotions)
      for (const name of PROMOTION_NAMES) {
        expect({ name, exportedBy: promotions.filter((file) => exportsName(file.text, name)).map((file) => file.file) }).toEqual({
          name,
          exportedBy: [expect.stringMatching(/^promotions\/[a-z0-9-]+\.ts$/)],
        })
      }
    })

    it('no module outside server/promotions exports them, the plate checks least of all', () => {
      const elsewhere = files.filter((file) => !inPromotions(file))
      const offenders = elsewhere.flatMap((file) => PROMOTION_NAMES.filter((name) => exportsName(file.text, name)).map((name) => `${file.file}: ${name}`))
      expect(offenders).toEqual([])
      const oldPlateChecks = path.join(SERVER, 'catalogue/plate-checks.ts')
      if (existsSync(oldPlateChecks)) {
        const text = readFileSync(oldPlateChecks, 'utf8')
        expect(PROMOTION_NAMES.filter((name) => exportsName(text, name))).toEqual([])
      }
      // Where the plate checks live now (with the orders: a plate is held by an order).
      const plateChecks = files.find((file) => file.file === 'orders/plate-checks.ts')
      expect(plateChecks).toBeDefined()
      expect(PROMOTION_NAMES.filter((name) => exportsName(plateChecks?.text ?? '', name))).toEqual([])
    })
  })
})
