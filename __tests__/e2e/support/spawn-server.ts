/**
 * A second real server for one test file, on another H5 build (the map channel's): serve-build.ts
 * in a child process, since jest's module sandbox cannot load the server's ESM-only dependencies.
 * Nothing here imports the server.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'

/** The line serve-build.ts prints once the server listens, followed by the server as JSON. */
export const SERVER_READY = 'SERVER_READY '

const ROOT = path.resolve(__dirname, '../../..')
const TSX = path.join(ROOT, 'node_modules/.bin/tsx')
const SERVE_BUILD = path.join(__dirname, 'serve-build.ts')
/** Migrations and the seed on a fresh embedded database. */
const START_TIMEOUT_MS = 60_000

export interface SpawnedServer {
  readonly url: string
  /** The server's data folder (its database, uploads and operator secret). */
  readonly dataDir: string
  /** Stops the server (which deletes its data) and waits for its process to end. */
  stop(): Promise<void>
}

export function spawnAppServer(staticRoot: string): Promise<SpawnedServer> {
  const child = spawn(TSX, [SERVE_BUILD, staticRoot], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`serve-build did not start within ${START_TIMEOUT_MS} ms`))
    }, START_TIMEOUT_MS)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve-build exited (${code ?? 'signal'}) before it was ready`))
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith(SERVER_READY)) return
      clearTimeout(timer)
      const { url, dataDir } = JSON.parse(line.slice(SERVER_READY.length)) as { url: string; dataDir: string }
      resolve({ url, dataDir, stop })
    })
  })
}
