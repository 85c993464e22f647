/**
 * Where the server draws randomness (ids, tokens, codes, storage names). Every module takes a
 * RandomSource, so tests can fix what would otherwise be unpredictable.
 */
import { randomBytes, randomInt } from 'node:crypto'

export interface RandomSource {
  bytes(size: number): Buffer
  /** A uniformly random integer from 0 up to (not including) `maxExclusive`. */
  int(maxExclusive: number): number
}

export const cryptoRandom: RandomSource = {
  bytes: (size) => randomBytes(size),
  int: (maxExclusive) => randomInt(maxExclusive),
}
