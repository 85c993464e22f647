/** Seeds the mini-programs' random generator from the host's CSPRNG (H5 uses WebCrypto directly). */
import Taro from '@tarojs/taro'
import { seedRandom } from '../services/crypto/random'

const SEED_BYTES = 32

export function seedFromHost(): void {
  if (process.env.TARO_ENV === 'h5') return
  try {
    Taro.getUserCryptoManager().getRandomValues({
      length: SEED_BYTES,
      success: (result) => seedRandom(new Uint8Array(result.randomValues)),
    })
  } catch (error) {
    // A host without the API keeps the time-seeded generator; IVs stay unique, only less unpredictable.
    console.warn('No host random source for IVs', error)
  }
}
