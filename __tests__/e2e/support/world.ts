/**
 * What the browser journeys need from outside the app: the SMS simulator's latest code, the
 * simulated issuer's notifications (its audit, the shipment, the activation of an order), test
 * photos and screenshots.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { API } from '../../../types/api/paths'
import type { Envelope } from '../../../types/api/envelope'
import type { LifecycleAction } from '../../../server/orders/lifecycle'
import type { IssuerCallbackAnswer } from '../../../server/orders/issuer-protocol'
import { cryptoRandom } from '../../../server/runtime/random'
import { simulatedIssuerNotification } from '../../../server/simulators/issuer'
import { readOperatorSecret } from '../../../server/simulators/operator-secret'
import { baseUrl } from './app-url'

/** Screenshots of each page at phone width (not committed: test-results/ is ignored). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-results/screenshots')

let phoneSequence = 0

/** A phone number no other test in this run uses (one code per phone per minute). */
export function freshPhone(): string {
  phoneSequence += 1
  // Test files run in parallel workers against one server: each worker has its own digit, so two
  // workers never draw the same phone (and meet each other's SMS wait).
  const worker = Number(process.env.JEST_WORKER_ID ?? 0) % 10
  const unique = (Date.now() + phoneSequence * 7919) % 10_000_000
  return `139${worker}${String(unique).padStart(7, '0')}`
}

async function envelopeOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>
  if (body.code !== 200) throw new Error(`${response.url}: ${body.code} ${body.msg}`)
  return body.data
}

/** The code the SMS simulator last sent to `mobile`. */
export async function smsCode(mobile: string): Promise<string> {
  const url = `${baseUrl()}${API.smsTestLatest.path}?mobile=${encodeURIComponent(mobile)}`
  return (await envelopeOf<{ code: string }>(await fetch(url))).code
}

/**
 * Moves an order on as the issuer would: the simulated issuer's signed notification (as
 * `npm run sim` sends it), with the operator secret the suite's server wrote into its data directory.
 */
export async function lifecycle(orderId: string, action: LifecycleAction, reason?: string): Promise<void> {
  const secret = readOperatorSecret({ dataDir: process.env.E2E_DATA_DIR ?? '', simOperatorSecret: undefined })
  const notification = simulatedIssuerNotification(secret, { orderId, action, reason }, { now: new Date(), random: cryptoRandom, publicBaseUrl: baseUrl() })
  const response = await fetch(`${baseUrl()}${notification.path}`, { method: 'POST', headers: notification.headers, body: notification.body })
  const answer = (await response.json()) as IssuerCallbackAnswer
  if (answer.code !== 'SUCCESS' || !answer.changed) throw new Error(`${action} on ${orderId} refused: ${response.status} ${answer.message ?? answer.code}`)
}

/** A real JPEG photo drawn by Chromium: a labelled card of the given size. */
export async function testJpeg(browser: Browser, label: string, width = 1200, height = 800): Promise<Buffer> {
  const page = await browser.newPage()
  try {
    const dataUrl = await page.evaluate(
      ([text, w, h]) => {
        const canvas = document.createElement('canvas')
        canvas.width = w
        canvas.height = h
        const context = canvas.getContext('2d')
        if (!context) throw new Error('no 2d canvas')
        context.fillStyle = '#e8f0fe'
        context.fillRect(0, 0, w, h)
        context.fillStyle = '#1a73e8'
        context.fillRect(w * 0.05, h * 0.1, w * 0.9, h * 0.8)
        context.fillStyle = '#ffffff'
        context.font = `${Math.round(h / 8)}px sans-serif`
        context.fillText(text, w * 0.1, h * 0.5)
        return canvas.toDataURL('image/jpeg', 0.9)
      },
      [label, width, height] as const,
    )
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  } finally {
    await page.close()
  }
}

/** Saves a full-page screenshot of the current page under SCREENSHOT_DIR. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}

