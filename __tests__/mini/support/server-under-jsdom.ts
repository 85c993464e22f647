/**
 * The real server (Fastify over PGlite) in the mini suite's jsdom environment. Import this before
 * anything that loads them.
 * - jsdom's window has no TextEncoder / TextDecoder (the PostgreSQL protocol encodes with them)
 *   and no setImmediate / clearImmediate (Fastify's inject uses them): Node's are installed.
 * - PGlite finds its WebAssembly and data files next to its own script: with no `document` from
 *   its file name, but with one from `document.baseURI`, which under jsdom is an http address it
 *   cannot read. A <base> pointing at PGlite's own folder makes the two agree.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { clearImmediate, setImmediate } from 'node:timers'
import { TextDecoder, TextEncoder } from 'node:util'

const scope = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown; setImmediate?: unknown; clearImmediate?: unknown }
scope.TextEncoder ??= TextEncoder
scope.TextDecoder ??= TextDecoder
scope.setImmediate ??= setImmediate
scope.clearImmediate ??= clearImmediate

const pgliteDist = path.dirname(createRequire(__filename).resolve('@electric-sql/pglite'))
if (typeof document !== 'undefined' && !document.querySelector('base[data-pglite]')) {
  const base = document.createElement('base')
  base.href = pathToFileURL(`${pgliteDist}/`).href
  base.dataset.pglite = ''
  document.head.appendChild(base)
}
