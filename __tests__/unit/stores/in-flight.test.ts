import { InFlight } from '../../../src/stores/in-flight'

describe('InFlight', () => {
  it('shares a running call by key, keeps keys apart, and runs anew once settled (also after a failure)', async () => {
    const inFlight = new InFlight()
    let calls = 0
    let finish: (value: string) => void = () => undefined
    const call = () => {
      calls += 1
      return new Promise<string>((resolve) => (finish = resolve))
    }
    const first = inFlight.run('a', call)
    expect(inFlight.run('a', call)).toBe(first)
    void inFlight.run('b', () => Promise.resolve('b'))
    expect(calls).toBe(1)
    finish('done')
    await expect(first).resolves.toBe('done')
    await expect(inFlight.run('a', () => Promise.reject(new Error('网络异常')))).rejects.toThrow('网络异常')
    await expect(inFlight.run('a', async () => 'again')).resolves.toBe('again')
  })
})
