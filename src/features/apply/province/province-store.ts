/**
 * The province issuer's own SMS verification (Henan, src/domain/province.ts): the step a province
 * plate's order passes before its final commit. Like the phone login, the time the last code was
 * sent is kept in storage, so the code button's countdown survives a reload; the order last
 * verified on this device is kept too, so coming back to the package after a reload does not ask
 * again (the server has the verification recorded with the order either way).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { needsProvinceVerification } from '../../../domain/province'
import { checkPhoneLogin } from '../../../domain/verify-code'
import { isString, schema } from '../../../platform/schema'
import type { SecureStorage } from '../../../platform/secure-storage'
import type { AnswerOf } from '../../../stores/contract'
import { SentCode } from '../../../stores/sent-code'

/** The province calls (the services' province API functions, or fakes). */
export interface ProvinceApi {
  /** Whether the issuer's SMS login is open (isOpenMsg); closed, the step is skipped. */
  msgOpen(): Promise<boolean>
  sendCode(mobile: string): Promise<void>
  login(mobile: string, code: string, orderId: string): AnswerOf<'provinceLogin'>
}

export interface ProvinceStoreDeps {
  api: ProvinceApi
  storage: SecureStorage
  now(): number
}

export const PROVINCE_STORAGE = { codeSentAt: 'provinceCodeSentAt', verifiedOrderId: 'provinceVerifiedOrder' } as const

const VERIFIED_ORDER_ID = schema(isString)

export class ProvinceStore {
  verifiedOrderId: string | undefined
  private readonly sentCode: SentCode

  constructor(private readonly deps: ProvinceStoreDeps) {
    this.sentCode = new SentCode(deps.storage, PROVINCE_STORAGE.codeSentAt, deps.now)
    this.verifiedOrderId = deps.storage.get(PROVINCE_STORAGE.verifiedOrderId, VERIFIED_ORDER_ID)
    makeAutoObservable<ProvinceStore, 'deps' | 'sentCode'>(this, { deps: false, sentCode: false })
  }

  /** When the issuer last sent a code: the code button counts down from it. */
  get codeSentAt(): number | undefined {
    return this.sentCode.at
  }

  /** Whether the order of this plate still has to pass the province verification before its final commit. */
  mustVerify(plateNumber: string, orderId: string | undefined): boolean {
    return needsProvinceVerification(plateNumber) && (orderId === undefined || orderId !== this.verifiedOrderId)
  }

  isOpen(): Promise<boolean> {
    return this.deps.api.msgOpen()
  }

  sendCode(mobile: string): Promise<void> {
    return this.sentCode.send(mobile, (checked) => this.deps.api.sendCode(checked))
  }

  /** Logs in at the issuer with the code; the server records the verification with the order. */
  async verify(mobile: string, code: string, orderId: string): Promise<void> {
    const checked = checkPhoneLogin(mobile, code)
    if (!checked.ok) throw new Error(checked.reason)
    await this.deps.api.login(checked.mobile, checked.code, orderId)
    runInAction(() => {
      this.verifiedOrderId = orderId
    })
    this.deps.storage.set(PROVINCE_STORAGE.verifiedOrderId, orderId)
  }
}
