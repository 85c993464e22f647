/** The public catalogue's short-lived answers (server/catalogue/timed-cache.ts). */
import { createTimedCache } from '../../../server/catalogue/timed-cache'

function manualClock() {
  let now = Date.parse('2026-11-28T10:00:00Z')
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) }
}

describe('a timed cache', () => {
  it('loads once for concurrent and later asks until its time is over', async () => {
    const clock = manualClock()
    const cache = createTimedCache<string>(clock, 1_000, 10)
    let loads = 0
    const load = async () => `answer ${++loads}`
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['answer 1', 'answer 1'])
    clock.advance(999)
    expect(await cache.get('k', load)).toBe('answer 1')
    clock.advance(1)
    expect(await cache.get('k', load)).toBe('answer 2')
  })

  it('keeps only what is worth keeping, beyond the asks that shared its load', async () => {
    const cache = createTimedCache<string[]>(manualClock(), 60_000, 10)
    let loads = 0
    const empty = async () => (loads += 1, [])
    const nonEmpty = (value: string[]) => value.length > 0
    await Promise.all([cache.get('none', empty, nonEmpty), cache.get('none', empty, nonEmpty)])
    await cache.get('none', empty, nonEmpty)
    expect(loads).toBe(2)
  })

  it('keeps no failure, and forgets the oldest answers past its size', async () => {
    const clock = manualClock()
    const cache = createTimedCache<string>(clock, 60_000, 2)
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 'up')).toBe('up')
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    expect(await cache.get('k', async () => 'reloaded')).toBe('reloaded')
    expect(await cache.get('b', async () => 'b2')).toBe('b1')
  })
})
