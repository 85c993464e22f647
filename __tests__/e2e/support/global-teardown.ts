import { rmSync } from 'node:fs'

export default async function globalTeardown(): Promise<void> {
  await globalThis.__E2E_SERVER__?.close()
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true })
}
