/**
 * The plate entry page's test world: the app opened with the bank app's page token, its calls
 * answered from a table of URL fragments over the plate page's usual answers, and the page
 * mounted, settled and submitted as a person would.
 */
import PlateEntryPage from '../../src/pages/entry/plate/index'
import type { ChannelProfile } from '../../src/config/channel'
import { entryFromText } from '../../src/domain/plate-entry'
import type { BuildTarget } from '../../src/platform/authorization'
import { PAGE_TOKEN_PARAM } from '../../src/platform/authorization'
import { createTaroNavigationHost } from '../../src/platform/taro-hosts'
import type { TransportRequest, TransportResponse } from '../../src/services/request/transport'
import { getByTestId, mountPage } from './page-test'
import { PLATE_PAGE_REPLIES, replyFor } from './plate-replies'
import { envelope, testWorld } from './test-services'

export type Page = Awaited<ReturnType<typeof mountPage>>
/** An answer's data, or a handler answering the request itself. */
export type Reply = unknown | ((request: TransportRequest) => Promise<TransportResponse>)

export interface PlateWorldOptions {
  /** Answers by URL fragment; they win over the plate page's usual ones (PLATE_PAGE_REPLIES). */
  replies?: Record<string, Reply>
  /** The device's storage: share one between worlds to simulate a reload. */
  raw?: Map<string, string>
  channel?: ChannelProfile
  target?: BuildTarget
}

/** A world opened with the bank app's page token (a call needing the person logs in with it). */
export function plateWorld({ replies = {}, raw, channel, target }: PlateWorldOptions = {}) {
  // The test's fragments first, so a more specific one is matched before a usual one it contains.
  const table: Record<string, Reply> = { ...replies, ...PLATE_PAGE_REPLIES, ...replies }
  return testWorld({
    navigationHost: createTaroNavigationHost(),
    launchParams: { [PAGE_TOKEN_PARAM]: 'page-token' },
    ...(raw ? { raw } : {}),
    ...(channel ? { channel } : {}),
    ...(target ? { target } : {}),
    respond: async (request) => {
      const reply = replyFor(table, request.url) ?? null
      return typeof reply === 'function' ? (reply as (r: TransportRequest) => Promise<TransportResponse>)(request) : envelope(reply)
    },
  })
}

export type PlateWorld = ReturnType<typeof plateWorld>

export const requestsTo = (world: PlateWorld, fragment: string) => world.requests.filter((request) => request.url.includes(fragment))

/** Lets promise chains that cross timers (lazy chunks, the network layer's load) finish. */
export async function settle(page: Page, rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round++) await page.act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** Mounts the plate page, with `plate` typed already when given, and lets it settle. */
export async function mountPlatePage(world: PlateWorld, plate?: string): Promise<Page> {
  if (plate) world.services.store.apply.setPlate(entryFromText(plate))
  const page = await mountPage(PlateEntryPage, world.services)
  await settle(page)
  return page
}

/** Taps 下一步 and lets the checks settle. */
export async function submitPlate(page: Page): Promise<void> {
  page.fireEvent.click(getByTestId(page, 'plate-submit'))
  await settle(page)
}
