/**
 * The H5 builds, and the check that a build is current (built from the present sources for its
 * channel), so `npm start`, the browser tests and the perf script run the current code.
 *
 * Two builds live side by side: dist/h5 for the channel in TARO_APP_CHANNEL (bank when unset),
 * which `npm start` serves, and dist/h5-map for the map channel, which the map-channel browser
 * tests serve. Each carries its own freshness stamp.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { precompressDir } from './precompress'

export const ROOT = path.resolve(__dirname, '../..')
export const H5_DIST = path.join(ROOT, 'dist/h5')
/** The map channel's H5 build (`npm run build:h5:map`). */
export const H5_MAP_DIST = path.join(ROOT, 'dist/h5-map')
const SOURCES = ['src', 'config', 'types', 'babel.config.js', 'package.json', 'package-lock.json']

/** Which H5 build: the default one (dist/h5, channel from TARO_APP_CHANNEL) or the map channel's. */
export type H5BuildName = 'default' | 'map'

interface H5Build {
  dist: string
  /** TARO_APP_CHANNEL of the build ('' is the default channel). */
  channel: string
}

function h5Build(name: H5BuildName): H5Build {
  return name === 'map' ? { dist: H5_MAP_DIST, channel: 'map' } : { dist: H5_DIST, channel: process.env.TARO_APP_CHANNEL ?? '' }
}

/** Where the build `name` goes. */
function h5Dist(name: H5BuildName = 'default'): string {
  return h5Build(name).dist
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), 0)
}

/** What a build was made for; a build for anything else counts as stale. */
const stampFile = (build: H5Build): string => path.join(build.dist, 'build-stamp.json')

function wantedStamp(build: H5Build): string {
  return JSON.stringify({ channel: build.channel, mode: 'production' })
}

export function isH5BuildStale(name: H5BuildName = 'default'): boolean {
  const build = h5Build(name)
  const stamp = stampFile(build)
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wantedStamp(build)) return true
  return sourcesChangedAt() > statSync(stamp).mtimeMs
}

/** When a source any build is made from (the mini-programs' too) last changed. */
export function sourcesChangedAt(): number {
  return Math.max(...SOURCES.map((source) => newestMtime(path.join(ROOT, source))))
}

/**
 * A production H5 build into its folder, with brotli and gzip copies of its text files
 * (precompress.ts), stamped with what it was built for.
 */
export function buildH5(name: H5BuildName = 'default'): void {
  const build = h5Build(name)
  // A production build whatever the caller's NODE_ENV (jest sets "test", which would make Taro
  // emit a development bundle wired for React Refresh).
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TARO_APP_CHANNEL: build.channel,
      // config/index.ts builds into this folder instead of dist/h5.
      BUILD_OUTPUT_ROOT: path.relative(ROOT, build.dist),
    },
  })
  if (result.status !== 0) throw new Error(`H5 build failed (exit ${result.status ?? 'signal'})`)
  precompressDir(build.dist)
  writeFileSync(stampFile(build), wantedStamp(build))
}

/** Builds `name` when its build is missing or stale. */
export function ensureH5Build(name: H5BuildName = 'default'): void {
  if (!isH5BuildStale(name)) return
  console.log(`[h5] ${path.relative(ROOT, h5Dist(name))} missing or stale: running \`taro build --type h5\` …`)
  buildH5(name)
}
