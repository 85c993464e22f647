import { loadOnce } from '../../src/platform/load-once'

describe('loadOnce', () => {
  it('shares one load between concurrent and later callers', async () => {
    const load = jest.fn(async () => ({ value: 1 }))
    const get = loadOnce(load)
    const [a, b] = await Promise.all([get(), get()])
    expect(a).toBe(b)
    expect(await get()).toBe(a)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load', async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue('module')
    const get = loadOnce(load)
    await expect(get()).rejects.toThrow('ChunkLoadError')
    await expect(get()).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
