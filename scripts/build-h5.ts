/** `npm run build:h5`: a production H5 build into dist/h5, stamped for the freshness check. */
import { buildH5 } from './lib/h5-build'

try {
  buildH5()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
