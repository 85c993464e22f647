/**
 * The mini-programs' entropy at launch (services/crypto/entropy.ts says what is mixed and why):
 * WeChat's CSPRNG where the base library has it, else the server's, asked with a bare request
 * (the app's request client does not exist yet: it seals).
 */
import Taro from '@tarojs/taro'
import { ENTROPY_BYTES } from '../../types/api/sealed'
import { API } from '../../types/api/paths'
import { entropyBytes, gatherEntropy } from '../services/crypto/entropy'
import type { EntropySource } from '../services/crypto/entropy'
import type { Transport } from '../services/request/transport'

/** How long the launch waits for each source (the host's, then the server's) before it goes on without it. */
const ENTROPY_TIMEOUT_MS = 5000

/** WeChat's CSPRNG (wx.getRandomValues, base library 2.15.0+); undefined elsewhere. */
function hostRandom(): (() => Promise<Uint8Array>) | undefined {
  if (process.env.TARO_ENV !== 'weapp' || typeof Taro.getRandomValues !== 'function') return undefined
  return async () => new Uint8Array((await Taro.getRandomValues({ length: ENTROPY_BYTES })).randomValues)
}

async function serverEntropy(baseUrl: string, loadTransport: () => Promise<Transport>): Promise<Uint8Array> {
  const transport = await loadTransport()
  const response = await transport.request({ url: `${baseUrl}${API.entropy.path}`, method: 'GET', header: {}, timeoutMs: ENTROPY_TIMEOUT_MS })
  const envelope = response.data as { data?: { entropy?: unknown } } | null
  if (response.statusCode !== 200) throw new Error(`The server's entropy answered ${response.statusCode}`)
  return entropyBytes(envelope?.data?.entropy)
}

/** Seeds the IV generator before the services exist; a launch without a CSPRNG's bytes is logged. */
export async function seedFromPlatform(baseUrl: string, loadTransport: () => Promise<Transport>): Promise<EntropySource> {
  const source = await gatherEntropy({
    host: hostRandom(),
    server: () => serverEntropy(baseUrl, loadTransport),
    clock: () => `${Date.now()}.${Math.random()}.${Math.random()}`,
    timeoutMs: ENTROPY_TIMEOUT_MS,
  })
  if (source === 'clock') console.warn('No CSPRNG answered at launch: IVs are seeded from the clock alone')
  return source
}
