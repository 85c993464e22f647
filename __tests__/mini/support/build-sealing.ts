/**
 * The IVs a compiled build seals with, seen where a phone would keep them: the app's own services
 * (its `startApp`, reached through webpack-probe.ts) write the application's draft to the
 * platform's storage, sealed, on every change of the form.
 */
import { bundleRequire, moduleHolding } from './webpack-probe'

/** A string only the module holding the app's services (and its sealing) has. */
const SERVICES_MARKER = 'The key must be 32 bytes given as 64 hex characters'

interface BuildServices {
  store: { apply: { form: { setField(field: string, value: string): void } } }
}

type StorageSync = (...args: unknown[]) => unknown

/** The value a setStorageSync call writes: WeChat's (key, data) or Alipay's ({ key, data }). */
function writtenValue(args: unknown[]): unknown {
  const [first, second] = args
  return typeof first === 'object' && first !== null ? (first as { data?: unknown }).data : second
}

/**
 * Starts the build's services on `host` (wx or my), changes the form's address `count` times and
 * answers the IVs of the sealed values written to storage meanwhile, how many were written, and
 * the services (for a test to go on with).
 */
export async function ivsOfSealedWrites(host: Record<string, unknown>, count: number): Promise<{ ivs: Set<string>; writes: number; services: unknown }> {
  const { startApp } = moduleHolding(bundleRequire(host), SERVICES_MARKER) as { startApp?: () => Promise<BuildServices> }
  if (typeof startApp !== 'function') throw new Error('The services module exports no startApp')
  const services = await startApp()
  const ivs = new Set<string>()
  let writes = 0
  const original = host.setStorageSync as StorageSync
  host.setStorageSync = function (this: unknown, ...args: unknown[]) {
    const value = writtenValue(args)
    if (typeof value === 'string' && value.startsWith('v1.')) {
      writes += 1
      ivs.add(value.split('.')[1] ?? '')
    }
    return original.apply(this, args)
  }
  try {
    for (let i = 0; i < count; i++) services.store.apply.form.setField('address', `科技园路${i}号`)
  } finally {
    host.setStorageSync = original
  }
  return { ivs, writes, services }
}
