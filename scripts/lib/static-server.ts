/**
 * A small static file server for a built H5 app (hash routing, so every page is index.html), used
 * by the perf script and the benchmark (the baseline app). It serves files as the app's server
 * does: a precompressed copy (`.br`, then `.gz`, made by precompress.ts) when the browser accepts
 * it, hashed assets immutable, index.html revalidated.
 */
import { createReadStream, promises as fs } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
}

/** Precompressed copies in the order they are preferred, by their Content-Encoding. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const

async function precompressed(file: string, acceptEncoding: string): Promise<{ file: string; encoding?: string }> {
  const accepted = new Set(acceptEncoding.split(',').map((part) => part.split(';')[0]?.trim()))
  for (const { name, extension } of ENCODINGS) {
    if (!accepted.has(name)) continue
    const copy = `${file}${extension}`
    if (await fs.stat(copy).then((stat) => stat.isFile(), () => false)) return { file: copy, encoding: name }
  }
  return { file }
}

export interface StaticServer {
  readonly url: string
  close(): Promise<void>
}

async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/')
  } catch {
    return undefined
  }
  const file = path.resolve(root, `.${decoded}`)
  if (file !== root && !file.startsWith(root + path.sep)) return undefined
  const stat = await fs.stat(file).catch(() => undefined)
  if (stat?.isFile()) return file
  if (stat?.isDirectory()) return resolveFile(root, path.posix.join(decoded, 'index.html'))
  return undefined
}

export function startStaticServer(root: string, port = 0, host = '127.0.0.1'): Promise<StaticServer> {
  const absoluteRoot = path.resolve(root)
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    void resolveFile(absoluteRoot, req.url ?? '/').then(async (file) => {
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
        return
      }
      const sent = await precompressed(file, String(req.headers['accept-encoding'] ?? ''))
      const isHtml = file.endsWith('.html')
      res.writeHead(200, {
        'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        // Hashed assets never change; index.html must always be revalidated.
        'Cache-Control': isHtml ? 'no-cache' : 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        ...(sent.encoding ? { 'Content-Encoding': sent.encoding } : {}),
      })
      if (req.method === 'HEAD') res.end()
      else createReadStream(sent.file).pipe(res)
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo
      resolve({
        url: `http://${host}:${actual}`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}
