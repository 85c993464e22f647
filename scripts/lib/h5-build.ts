/**
 * The H5 build, and the check that dist/h5 is current (built from the present sources for the
 * present channel), so `npm start`, the browser tests and the perf script run the current code.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(__dirname, '../..')
export const H5_DIST = path.join(ROOT, 'dist/h5')
const SOURCES = ['src', 'config', 'types', 'babel.config.js', 'package.json', 'package-lock.json']

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), 0)
}

/** What a build was made for; a build for anything else counts as stale. */
const STAMP = path.join(H5_DIST, 'build-stamp.json')

function wantedStamp(): string {
  return JSON.stringify({ channel: process.env.TARO_APP_CHANNEL ?? '', mode: 'production' })
}

export function isH5BuildStale(): boolean {
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== wantedStamp()) return true
  const built = statSync(STAMP).mtimeMs
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built)
}

/** A production H5 build into dist/h5, stamped with what it was built for. */
export function buildH5(): void {
  // A production build whatever the caller's NODE_ENV (jest sets "test", which would make Taro
  // emit a development bundle wired for React Refresh).
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`H5 build failed (exit ${result.status ?? 'signal'})`)
  writeFileSync(STAMP, wantedStamp())
}

export function ensureH5Build(): void {
  if (!isH5BuildStale()) return
  console.log('[h5] build missing or stale: running `taro build --type h5` …')
  buildH5()
}
