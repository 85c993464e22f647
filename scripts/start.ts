/**
 * `npm start`: builds the H5 app if needed and serves it on one local port (PORT, default 3000).
 */
import { ensureH5Build, H5_DIST } from './lib/h5-build'
import { startStaticServer } from './lib/static-server'

const DEFAULT_PORT = 3000

async function main(): Promise<void> {
  ensureH5Build()
  const port = Number(process.env.PORT ?? DEFAULT_PORT)
  const host = process.env.HOST ?? '127.0.0.1'
  const server = await startStaticServer(H5_DIST, port, host)
  console.log(`ETC apply app (H5) is running at ${server.url}/`)
  const stop = (): void => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
