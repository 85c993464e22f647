/**
 * Building blocks the route groups rely on: password hashes, the per-key counters (in memory, and
 * in Redis when TEST_REDIS_URL is set), file storage, the masking log destination, the contract's
 * path templates and the seed's copy of the channel placeholder ids.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { CHANNELS } from '../../src/config/channel'
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../server/auth/passwords'
import { endpoint, routePath } from '../../server/http/endpoint'
import { maskingDestination } from '../../server/http/logging'
import { createMemoryCounters, createRedisCounters } from '../../server/limits/counters'
import type { CounterStore } from '../../server/limits/counters'
import { SEED_CHANNELS } from '../../server/seed/placeholder-ids'
import { InvalidStorageKeyError, createLocalFileStorage } from '../../server/storage/file-storage'
import { API } from '../../types/api/paths'
import { FakeClock } from './support/test-app'

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const hash = await hashPassword('correct horse')
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct hors', hash)).toBe(false)
    expect(await hashPassword('correct horse')).not.toBe(hash)
  })

  it.each([['plain'], ['scrypt$x$8$1$a$b'], ['scrypt$16384$8$1$$'], [DECOY_PASSWORD_HASH]])('refuses against %s', async (stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false)
  })
})

function counterContract(name: string, make: () => { store: CounterStore; close?: () => Promise<void> }) {
  describe(`${name} counters`, () => {
    it('counts hits per key within a window', async () => {
      const subject = make()
      const key = `test:${Date.now()}:${Math.random()}`
      try {
        expect((await subject.store.hit(key, 60_000)).count).toBe(1)
        expect((await subject.store.hit(key, 60_000)).count).toBe(2)
        expect((await subject.store.hit(`${key}:other`, 60_000)).count).toBe(1)
        const third = await subject.store.hit(key, 60_000)
        expect(third.count).toBe(3)
        expect(third.resetInMs).toBeGreaterThan(0)
        expect(third.resetInMs).toBeLessThanOrEqual(60_000)
      } finally {
        await subject.close?.()
      }
    })

    it('shows a window without counting, and none for a key without one', async () => {
      const subject = make()
      const key = `test:${Date.now()}:${Math.random()}`
      try {
        expect(await subject.store.peek(key)).toBeUndefined()
        await subject.store.hit(key, 60_000)
        const seen = await subject.store.peek(key)
        expect(seen?.count).toBe(1)
        expect(seen?.resetInMs).toBeGreaterThan(0)
        expect(seen?.resetInMs).toBeLessThanOrEqual(60_000)
        expect((await subject.store.hit(key, 60_000)).count).toBe(2)
      } finally {
        await subject.close?.()
      }
    })
  })
}

counterContract('memory', () => ({ store: createMemoryCounters(new FakeClock()) }))

describe('memory counters', () => {
  it('start a new window when the old one ends', async () => {
    const clock = new FakeClock()
    const store = createMemoryCounters(clock)
    await store.hit('k', 1000)
    await store.hit('k', 1000)
    clock.advance(999)
    expect((await store.hit('k', 1000)).count).toBe(3)
    clock.advance(1)
    expect(await store.peek('k')).toBeUndefined()
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
  })
})

const redisUrl = process.env.TEST_REDIS_URL
if (!redisUrl) {
  describe.skip('Redis counters (set TEST_REDIS_URL to run)', () => {
    it('counts in Redis', () => undefined)
  })
} else {
  counterContract('Redis', () => {
    const redis = new Redis(redisUrl)
    return { store: createRedisCounters(redis), close: async () => void (await redis.quit()) }
  })
}

describe('local file storage', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'etc-storage-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('stores, reads and deletes by key', async () => {
    const storage = createLocalFileStorage(root)
    await storage.put('uploads/abc123.jpg', Buffer.from('jpeg bytes'))
    expect((await storage.get('uploads/abc123.jpg'))?.toString()).toBe('jpeg bytes')
    await storage.delete('uploads/abc123.jpg')
    expect(await storage.get('uploads/abc123.jpg')).toBeUndefined()
  })

  it.each(['../escape', 'a/../../b', '/absolute', 'a/b/c', 'UPPER', ''])('refuses the key "%s"', async (key) => {
    const storage = createLocalFileStorage(root)
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError)
  })
})

describe('masking log destination', () => {
  it('masks phone and ID numbers in every line', () => {
    const lines: string[] = []
    maskingDestination({ write: (line) => lines.push(line) }).write('{"msg":"13800138000 and 11010519491231002X"}\n')
    expect(lines).toEqual(['{"msg":"138****8000 and 1101**********002X"}\n'])
  })
})

describe('routes from the contract', () => {
  it('turns path templates into router paths and carries the public flag', () => {
    expect(routePath('/order/v1/{channel}/orders/user/{orderId}/payH5OderDeposit')).toBe('/order/v1/:channel/orders/user/:orderId/payH5OderDeposit')
    expect(endpoint(API.promoterLogin)).toEqual({ method: 'POST', url: '/permission/v1/login/_login', config: { public: true } })
    expect(endpoint(API.searchOrders, { rateLimit: false })).toEqual({
      method: 'POST',
      url: '/order/v1/orders/user/h5Order/_search',
      config: { rateLimit: false, public: false },
    })
  })
})

describe('seed placeholder ids', () => {
  it('match the channel profiles of src/config/channel.ts', () => {
    expect(SEED_CHANNELS.map((channel) => channel.key).sort()).toEqual(Object.keys(CHANNELS).sort())
    for (const seeded of SEED_CHANNELS) {
      const profile = CHANNELS[seeded.key]
      expect(seeded).toEqual({
        key: profile.key,
        channelId: profile.channelId,
        sourceChannel: profile.sourceChannel,
        promotionChannelId: profile.defaultPromotion.promotionChannelId,
        partnerId: profile.defaultPromotion.partnerId,
        promoterId: profile.defaultPromotion.promoterId,
        promoterAccount: profile.promoterAccount,
      })
    }
  })
})
