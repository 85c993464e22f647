// PGlite's CommonJS build loads node built-ins with dynamic import() (e.g. `await import("fs")`),
// which jest's module sandbox refuses without --experimental-vm-modules. For that build only,
// such calls become the equivalent require() of the built-in (through an alias taken at the top of
// the file: the bundle declares its own local `require` in places).
const { createHash } = require('node:crypto')

const BUILTIN_IMPORT = /\bimport\(("(?:node:)?[a-z_/]+")\)/g
const VERSION = '2'
const ALIAS = '__pgliteBuiltinRequire'

module.exports = {
  process(source) {
    return { code: `const ${ALIAS} = require;\n${source.replace(BUILTIN_IMPORT, `Promise.resolve(${ALIAS}($1))`)}` }
  },
  getCacheKey(source) {
    return createHash('sha256').update(VERSION).update(source).digest('hex')
  },
}
