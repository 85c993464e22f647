/**
 * The data key of a test process: generated, never written down, so no key that opens data sits
 * in the repository. The test database's seed and the test app's configuration share it.
 */
import { randomBytes } from 'node:crypto'
import { DATA_KEY_BYTES } from '../../../server/crypto/key-provider'

export const TEST_DATA_KEY_HEX = randomBytes(DATA_KEY_BYTES).toString('hex')
