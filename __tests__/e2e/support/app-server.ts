/**
 * The real server (server/main.ts: migrations, seed, the H5 app and its API on one ephemeral
 * port) over a fresh embedded database in a temporary folder, serving the H5 build `staticRoot`.
 * The suite's global setup starts one on dist/h5; a test file may start another on another build
 * (the map channel's: map-channel.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { APP_ENV, loadConfig } from '../../../server/config'
import { startServer } from '../../../server/main'
import type { RunningServer } from '../../../server/main'

export interface AppServer {
  readonly server: RunningServer
  readonly url: string
  /** The server's data folder (its database, uploads and operator secret). */
  readonly dataDir: string
  /** Stops the server and deletes its data. */
  stop(): Promise<void>
}

export async function startAppServer(staticRoot: string): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-e2e-'))
  // A fresh database, its own port, the SMS simulator on, quiet logs, and per-IP limits no
  // journey reaches (every test browses from the same address; the limits themselves are tested in
  // the server suite).
  const config = loadConfig({
    APP_ENV: APP_ENV.development,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMS_SIMULATOR: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    SEND_CODE_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_CREATE_RATE_LIMIT_PER_HOUR: '100000',
    UPLOAD_RATE_LIMIT_PER_HOUR: '100000',
  })
  const server = await startServer({ config, staticRoot })
  return {
    server,
    url: server.url,
    dataDir,
    async stop() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
