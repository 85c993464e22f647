/**
 * Where the browser suite finds Chromium, and whether it may skip without one.
 * CI sets REQUIRE_BROWSER=1 so a missing browser fails the run instead of skipping it.
 */
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH)
}

export function browserRequired(): boolean {
  return process.env.REQUIRE_BROWSER === '1'
}

export const INSTALL_HINT =
  'Install it with: sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk ' +
  '(or point CHROMIUM_PATH at a Chromium binary).'
