/**
 * Precompressed copies of a build's text files: `<file>.br` (brotli, best quality) and
 * `<file>.gz` (gzip, best level) next to each one, made once at build time so the server
 * (@fastify/static `preCompressed`) sends them without compressing per request.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The kinds of file that compress well; images and fonts are compressed already. */
const PRECOMPRESS_EXTENSIONS: readonly string[] = ['.js', '.css', '.html', '.svg', '.json']
/** Smaller files gain less than a compressed response's overhead, and are served as they are. */
export const PRECOMPRESS_MIN_BYTES = 1024
const BROTLI_QUALITY = constants.BROTLI_MAX_QUALITY
const GZIP_LEVEL = constants.Z_BEST_COMPRESSION

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return textFiles(file)
    return entry.isFile() && PRECOMPRESS_EXTENSIONS.includes(path.extname(entry.name)) ? [file] : []
  })
}

/**
 * Writes the `.br` and `.gz` copies of every text file under `root` (and removes a smaller file's
 * copies a previous build left, which would be stale); returns the files compressed.
 */
export function precompressDir(root: string): string[] {
  const compressed: string[] = []
  for (const file of textFiles(root)) {
    const content = readFileSync(file)
    if (content.length < PRECOMPRESS_MIN_BYTES) {
      rmSync(`${file}.br`, { force: true })
      rmSync(`${file}.gz`, { force: true })
      continue
    }
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }))
    writeFileSync(`${file}.gz`, gzipSync(content, { level: GZIP_LEVEL }))
    compressed.push(file)
  }
  return compressed
}
