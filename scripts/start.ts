/**
 * `npm start`: builds the H5 app if its build is missing or stale, then starts the server
 * (server/main.ts): migrations, first-run seed, the H5 app and the API on one port (PORT, default
 * 3000; SERVER_PROCESSES processes, server/cluster.ts), printing the URL. Configuration comes
 * from the environment (see .env.example).
 */
import { runServer } from '../server/cluster'
import { defaultToDevelopment, loadConfig } from '../server/config'
import { announceListening } from '../server/listening'
import { SERVER_PROCESS, reportStartupFailure } from '../server/main'
import { ensureH5Build, H5_DIST } from './lib/h5-build'

async function main(): Promise<void> {
  defaultToDevelopment()
  // A configuration mistake is reported before the (slow) build, not after it.
  const config = loadConfig()
  ensureH5Build()
  await runServer(SERVER_PROCESS, { config, staticRoot: H5_DIST, onListening: announceListening })
}

main().catch(reportStartupFailure)
