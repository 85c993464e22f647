/**
 * The peer for the entry page's first load: the one-page Taro + NutUI app in
 * ../shared/bench/taro-baseline (BENCH_BASELINE_DIR elsewhere), built as its README says in a
 * scratch folder with this project's packages, precompressed and served as this app's server
 * serves its files (static-server.ts).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from '../h5-build'
import { precompressDir } from '../precompress'
import { startStaticServer } from '../static-server'
import type { StaticServer } from '../static-server'

export const BASELINE_DIR = path.resolve(ROOT, process.env.BENCH_BASELINE_DIR ?? '../shared/bench/taro-baseline')

export interface BaselineServer extends StaticServer {
  /** Stops serving and deletes the scratch build. */
  close(): Promise<void>
}

/** Builds and serves the baseline; undefined (and why) when its sources are not on this machine. */
export async function startBaseline(): Promise<BaselineServer | { missing: string }> {
  if (!existsSync(path.join(BASELINE_DIR, 'package.json'))) return { missing: `no baseline app at ${path.relative(ROOT, BASELINE_DIR)} (set BENCH_BASELINE_DIR)` }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'etc-bench-baseline-'))
  const app = path.join(scratch, 'taro-baseline')
  cpSync(BASELINE_DIR, app, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) && !source.includes(`${path.sep}dist`) })
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'), 'dir')
  const built = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: app, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) {
    rmSync(scratch, { recursive: true, force: true })
    throw new Error(`the baseline's build failed (exit ${built.status ?? 'signal'})`)
  }
  const dist = path.join(app, 'dist/h5')
  precompressDir(dist)
  const server = await startStaticServer(dist)
  return {
    url: server.url,
    async close() {
      await server.close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
