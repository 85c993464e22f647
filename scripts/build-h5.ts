/**
 * `npm run build:h5`: a production H5 build into dist/h5 (the channel in TARO_APP_CHANNEL);
 * `npm run build:h5:map` (`build-h5.ts map`): the map channel's into dist/h5-map. Each is stamped
 * for the freshness check.
 */
import { buildH5 } from './lib/h5-build'
import type { H5BuildName } from './lib/h5-build'

const BUILDS: readonly H5BuildName[] = ['default', 'map']

try {
  const name = process.argv[2] ?? 'default'
  if (!BUILDS.includes(name as H5BuildName)) throw new Error(`Unknown H5 build "${name}": use one of ${BUILDS.join(', ')}`)
  buildH5(name as H5BuildName)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
