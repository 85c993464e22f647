/**
 * The phone's JavaScript scope for the compiled mini-program builds. WeChat's and Alipay's engines
 * give the app none of the browser's globals that jsdom (which renders the pages here) has, so every
 * file of dist/weapp and dist/alipay runs inside a function whose parameters shadow them with
 * `undefined`, and whose `globalThis` is a view of the real one without them. An app path that
 * reaches for `TextEncoder` or `crypto.getRandomValues` then fails here as it would on a phone.
 *
 * Used as a jest transform for dist/weapp (jest.config.js) and by the Alipay harness, which runs
 * dist/alipay's files itself (alipay-support/alipay-app.ts).
 */
const { createHash } = require('node:crypto')

/**
 * What neither phone's engine gives the app. (`navigator` is not here: Taro's Alipay runtime reads
 * the host's, which Alipay's engine has.)
 */
const PHONE_ABSENT = [
  'window',
  'document',
  'crypto',
  'TextEncoder',
  'TextDecoder',
  'atob',
  'btoa',
  'localStorage',
  'sessionStorage',
  'fetch',
  'XMLHttpRequest',
]
const ABSENT = new Set(PHONE_ABSENT)

/** The key the real global's phone view is kept under, for the wrapped files to find. */
const PHONE_GLOBAL = '__phoneGlobal'

/** The real global as a phone's engine shows it: the absent names are not there. */
function phoneGlobalOf(real) {
  return new Proxy(real, {
    has: (target, key) => !ABSENT.has(key) && key in target,
    get: (target, key) => (ABSENT.has(key) ? undefined : Reflect.get(target, key, target)),
    getOwnPropertyDescriptor: (target, key) => (ABSENT.has(key) ? undefined : Reflect.getOwnPropertyDescriptor(target, key)),
  })
}

/** Installs the phone view of the global once (the wrapped files fall back to it being absent). */
function installPhoneGlobal() {
  if (!globalThis[PHONE_GLOBAL]) Object.defineProperty(globalThis, PHONE_GLOBAL, { value: phoneGlobalOf(globalThis), configurable: true })
  return globalThis[PHONE_GLOBAL]
}

/** A build file's source, run in the phone's scope. The first line of the source stays first in the function, so a "use strict" stays a directive. */
function wrapForPhone(source) {
  const params = [...PHONE_ABSENT, 'globalThis'].join(', ')
  const args = [...PHONE_ABSENT.map(() => 'undefined'), `(globalThis.${PHONE_GLOBAL} || globalThis)`].join(', ')
  return `(function (${params}) {${source}\n}).call(this, ${args});`
}

const VERSION = 'phone-scope-1'

module.exports = {
  PHONE_ABSENT,
  installPhoneGlobal,
  wrapForPhone,
  process(source) {
    return { code: wrapForPhone(source) }
  },
  getCacheKey(source, filePath) {
    return createHash('sha256').update(VERSION).update(PHONE_ABSENT.join(',')).update(filePath).update(source).digest('hex')
  },
}
