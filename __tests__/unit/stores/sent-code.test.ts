/** The time an SMS code was last sent, shared by the phone login and the province verification. */
import { autorun } from 'mobx'
import { MOBILE_REASON } from '../../../src/domain/validation'
import { createSecureStorage } from '../../../src/platform/secure-storage'
import { SentCode } from '../../../src/stores/sent-code'
import { memoryBackend } from './apply-setup'

const KEY = 'someCodeSentAt'
const storageOn = (backend = memoryBackend()) => createSecureStorage({ backend, keyHex: 'c'.repeat(64), prefix: 'etc_bank_' })

describe('SentCode', () => {
  it('sends to the checked mobile, then keeps the time in storage and shows it to observers', async () => {
    const backend = memoryBackend()
    const sent: string[] = []
    const code = new SentCode(storageOn(backend), KEY, () => 42)
    const seen: (number | undefined)[] = []
    autorun(() => seen.push(code.at))
    await code.send(' 13800138000 ', async (mobile) => void sent.push(mobile))
    expect(sent).toEqual(['13800138000'])
    expect(seen).toEqual([undefined, 42])
    expect(new SentCode(storageOn(backend), KEY, () => 0).at).toBe(42)
  })

  it('sends nothing to a wrong mobile, and keeps no time when sending fails', async () => {
    const code = new SentCode(storageOn(), KEY, () => 42)
    const send = jest.fn(async () => undefined)
    await expect(code.send('1380013', send)).rejects.toThrow(MOBILE_REASON.length)
    expect(send).not.toHaveBeenCalled()
    await expect(code.send('13800138000', () => Promise.reject(new Error('发送过于频繁')))).rejects.toThrow('发送过于频繁')
    expect(code.at).toBeUndefined()
  })
})
