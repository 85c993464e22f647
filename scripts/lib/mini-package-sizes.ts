/**
 * The packages of a mini-program build as its app.json lists them, source maps left out: the main
 * package is every file outside a subpackage root, a subpackage the files under its root. The
 * package-size tests (__tests__/build/mini-sizes.test.ts) and the benchmark read them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

interface MiniAppJson {
  subPackages?: { root: string }[]
  subpackages?: { root: string }[]
}

export interface PackageSizes {
  main: number
  /** Bytes per subpackage root. */
  subpackages: Record<string, number>
  total: number
}

/** Every file under dir, as a path relative to it with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative]
  })
}

/** The bytes of each package of the build in dir, source maps left out. */
export function packageSizes(dir: string): PackageSizes {
  const appJson = JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as MiniAppJson
  const roots = (appJson.subPackages ?? appJson.subpackages ?? []).map(({ root }) => root.replace(/\/+$/, ''))
  const sizes: PackageSizes = { main: 0, subpackages: Object.fromEntries(roots.map((root) => [root, 0])), total: 0 }
  for (const file of filesUnder(dir).filter((name) => !name.endsWith('.map'))) {
    const bytes = statSync(path.join(dir, file)).size
    const root = roots.find((candidate) => file.startsWith(`${candidate}/`))
    if (root === undefined) sizes.main += bytes
    else sizes.subpackages[root] += bytes
    sizes.total += bytes
  }
  return sizes
}
