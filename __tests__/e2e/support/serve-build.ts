/**
 * `tsx serve-build.ts <staticRoot>`: the real server over a fresh database (app-server.ts) on the
 * H5 build in `staticRoot`, in a process of its own, for a test file that needs a second server
 * (jest's module sandbox cannot load the server's ESM-only dependencies; the global setup runs
 * outside it). Prints one line, SERVER_READY and the server as JSON; stops, deleting its data,
 * on SIGTERM or when the test process that started it goes (its stdin closes).
 */
import { startAppServer } from './app-server'
import { SERVER_READY } from './spawn-server'

async function main(): Promise<void> {
  const staticRoot = process.argv[2]
  if (!staticRoot) throw new Error('usage: serve-build.ts <staticRoot>')
  const running = await startAppServer(staticRoot)
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= running.stop().finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.stdin.on('end', stop)
  process.stdin.resume()
  process.stdout.write(`${SERVER_READY}${JSON.stringify({ url: running.url, dataDir: running.dataDir })}\n`)
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
