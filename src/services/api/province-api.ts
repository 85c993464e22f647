/** The province issuer's own SMS login (Henan): whether it is open, send a code, log in. */
import { API } from '../../../types/api/paths'
import type { RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi } from './call'

export function createProvinceApi(client: RequestClient) {
  // The province step shows every failure of these calls in its own place.
  return {
    async msgOpen(): Promise<boolean> {
      const answer = await callApi(client, API.provinceMsgOpen, undefined, SHOWN_BY_SCREEN)
      return answer.open
    },
    async sendCode(mobile: string): Promise<void> {
      await callApi(client, API.provinceSendMsg, { mobile }, SHOWN_BY_SCREEN)
    },
    login: (mobile: string, code: string, orderId: string) => callApi(client, API.provinceLogin, { mobile, code, orderId }, SHOWN_BY_SCREEN),
  }
}
