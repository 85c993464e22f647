import { codeButtonState } from '../../domain/verify-code'
import type { CodeButtonState } from '../../domain/verify-code'
import { useClock } from './use-clock'

/**
 * The send-code button of an SMS step, counting down from `sentAt`, the time the last code was
 * sent. Callers keep `sentAt` in storage, so a reload or a remount goes on with the same countdown.
 */
export function useCodeButton(sentAt: number | undefined): CodeButtonState {
  const counting = sentAt !== undefined && codeButtonState(sentAt, Date.now()).secondsLeft > 0
  return codeButtonState(sentAt, useClock(counting))
}
