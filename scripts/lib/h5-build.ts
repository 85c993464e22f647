/**
 * Builds the H5 app when dist/h5 is missing or older than its sources, so `npm start`, the
 * browser tests and the perf script always run the current code.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
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

export function isH5BuildStale(): boolean {
  const index = path.join(H5_DIST, 'index.html')
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built)
}

export function ensureH5Build(): void {
  if (!isH5BuildStale()) return
  console.log('[h5] build missing or stale: running `taro build --type h5` …')
  // A production build whatever the caller's NODE_ENV (jest sets "test", which would make Taro
  // emit a development bundle wired for React Refresh).
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`H5 build failed (exit ${result.status ?? 'signal'})`)
}
