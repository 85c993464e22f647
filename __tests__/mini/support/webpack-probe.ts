/**
 * Reaches a module of a compiled mini-program build from a test: the build's chunks register on
 * the host object (`wx.webpackJsonp`, `my.webpackJsonp`), and a chunk pushed there gets the
 * bundle's own `require`. A module is found by a string only its source holds (ids are minified).
 */

type ModuleFactory = (...args: unknown[]) => unknown
type WebpackRequire = ((id: string | number) => unknown) & { m: Record<string, ModuleFactory> }
type ChunkQueue = { push(chunk: [string[], Record<string, never>, (require: WebpackRequire) => void]): unknown }

/** The bundle's require, from a probe chunk pushed onto the host's chunk queue. */
export function bundleRequire(host: object): WebpackRequire {
  const queue = (host as { webpackJsonp?: ChunkQueue }).webpackJsonp
  if (!queue) throw new Error('The build registered no chunks on the host: was app.js run?')
  let captured: WebpackRequire | undefined
  queue.push([[`phone-probe-${Date.now()}`], {}, (require) => (captured = require)])
  if (!captured) throw new Error('The probe chunk was not run')
  return captured
}

/** The exports of the one module whose source holds `marker`. */
export function moduleHolding(require: WebpackRequire, marker: string): Record<string, unknown> {
  const ids = Object.keys(require.m).filter((id) => String(require.m[id]).includes(marker))
  if (ids.length !== 1) throw new Error(`${ids.length} modules hold ${JSON.stringify(marker)}`)
  return require(ids[0] as string) as Record<string, unknown>
}
