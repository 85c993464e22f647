import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { FOLLOW_UP_CONSENT } from '../../../../types/api/auth'
import { useAppServices } from '../../../components/app-services/app-services'
import { followUpPhoneToLeave } from '../../../domain/follow-up'
import { useStores } from '../../../stores/store-context'

export interface FollowUp {
  /** Whether the person ticked 离开后可致电协助我办理 (off until they do). */
  consented: boolean
  toggle(): void
  /** 下一步 took the person on to the next step: going on is not leaving. */
  goingOn(): void
}

/**
 * The follow-up phone: when the person leaves the form (backs out of it, or it is replaced) after
 * typing a valid mobile, and only when they consented, the mobile is left for a call back
 * (followUp/savePhone, with the consent). The app going to the background is not leaving: the
 * photo picker hides the mini-program mid-form, and on H5 the person switches tabs to read the
 * SMS. Going on with 下一步 is not leaving, until the form shows again. Each mobile is left once
 * per visit of the form, and only by the logged-in person it belongs to.
 */
export function useFollowUpOnLeave(): FollowUp {
  const { apply, user } = useStores()
  const { api } = useAppServices()
  const [consented, setConsented] = useState(false)
  const consentedNow = useRef(false)
  const onward = useRef(false)
  const left = useRef<string | undefined>(undefined)

  const leave = useCallback(() => {
    if (onward.current || !user.isPersonal()) return
    const mobile = followUpPhoneToLeave(consentedNow.current, apply.form.values.mobile)
    if (!mobile || mobile === left.current) return
    left.current = mobile
    // The person is leaving: no page is left to tell of a failure, and nothing else depends on
    // it (the call is silent in the request layer too, and an expired login asks for no new one).
    api.auth.saveFollowUpPhone({ mobile, consent: FOLLOW_UP_CONSENT }).catch(() => undefined)
  }, [api, apply, user])

  // The form is closed for good (back, or the page replaced).
  useEffect(() => leave, [leave])

  Taro.useDidShow(() => {
    onward.current = false
  })

  const toggle = useCallback(() => {
    consentedNow.current = !consentedNow.current
    setConsented(consentedNow.current)
  }, [])
  const goingOn = useCallback(() => {
    onward.current = true
  }, [])

  return { consented, toggle, goingOn }
}
