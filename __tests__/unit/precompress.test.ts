/** The build's precompressed copies: brotli and gzip next to each larger text file, none for small ones or binaries. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../../scripts/lib/precompress'

describe('precompressDir', () => {
  let root: string
  const large = (seed: string): string => `${seed};`.repeat(Math.ceil((PRECOMPRESS_MIN_BYTES * 2) / (seed.length + 1)))

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'etc-precompress-'))
    mkdirSync(path.join(root, 'js'))
    writeFileSync(path.join(root, 'index.html'), `<!DOCTYPE html><html><body>${large('<p>车牌</p>')}</body></html>`)
    writeFileSync(path.join(root, 'js', 'app.0123abcd.js'), large('console.log("plate")'))
    writeFileSync(path.join(root, 'js', 'tiny.89abcdef.js'), 'x'.repeat(PRECOMPRESS_MIN_BYTES - 1))
    writeFileSync(path.join(root, 'logo.png'), Buffer.alloc(PRECOMPRESS_MIN_BYTES * 2, 7))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('writes .br and .gz copies of the larger text files that decompress to the original', () => {
    const compressed = precompressDir(root).map((file) => path.relative(root, file)).sort()
    expect(compressed).toEqual(['index.html', path.join('js', 'app.0123abcd.js')])
    for (const file of compressed) {
      const original = readFileSync(path.join(root, file))
      const br = readFileSync(path.join(root, `${file}.br`))
      const gz = readFileSync(path.join(root, `${file}.gz`))
      expect(br.length).toBeLessThan(original.length)
      expect(gz.length).toBeLessThan(original.length)
      expect(brotliDecompressSync(br).equals(original)).toBe(true)
      expect(gunzipSync(gz).equals(original)).toBe(true)
    }
  })

  it('skips files under the size threshold and files that are not text, removing stale copies', () => {
    writeFileSync(path.join(root, 'js', 'tiny.89abcdef.js.br'), 'from an earlier build')
    precompressDir(root)
    for (const file of [path.join('js', 'tiny.89abcdef.js'), 'logo.png']) {
      expect(existsSync(path.join(root, `${file}.br`))).toBe(false)
      expect(existsSync(path.join(root, `${file}.gz`))).toBe(false)
    }
  })
})
