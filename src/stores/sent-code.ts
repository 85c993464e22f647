/**
 * An SMS code sent to a checked mobile, and the time it was last sent kept in storage: the code
 * button counts down from it (useCodeButton), across a reload too. The phone login and the
 * province issuer's verification each keep one under their own storage key.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { validateMobile } from '../domain/validation'
import { isNumber, schema } from '../platform/schema'
import type { SecureStorage } from '../platform/secure-storage'

const SENT_AT = schema(isNumber)

export class SentCode {
  /** When the last code was sent (epoch ms), if one was. */
  at: number | undefined

  constructor(
    private readonly storage: SecureStorage,
    private readonly key: string,
    private readonly now: () => number,
  ) {
    this.at = storage.get(key, SENT_AT)
    makeAutoObservable<SentCode, 'storage' | 'key' | 'now'>(this, { storage: false, key: false, now: false })
  }

  /** Sends a code to the mobile once it is a valid one (else its reason), and keeps the time. */
  send(mobile: string, sendCode: (mobile: string) => Promise<void>): Promise<void> {
    const checked = validateMobile(mobile)
    if (!checked.ok) return Promise.reject(new Error(checked.reason))
    return sendCode(checked.value).then(() => {
      const sentAt = this.now()
      runInAction(() => {
        this.at = sentAt
      })
      this.storage.set(this.key, sentAt)
    })
  }
}
