import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { H5_DIST } from '../../../scripts/lib/h5-build'

/** The H5 chunk whose code contains `marker` (chunks are named by number, not by page). */
export function chunkContaining(marker: string): string {
  const dir = path.join(H5_DIST, 'js')
  const escaped = [...marker].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
  const matches = readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => {
      const code = readFileSync(path.join(dir, file), 'utf8')
      return code.includes(marker) || code.includes(escaped)
    })
  if (matches.length !== 1) throw new Error(`Expected one chunk containing ${marker}, found ${matches.join(', ') || 'none'}`)
  return matches[0]!
}
