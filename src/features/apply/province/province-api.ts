/** The province issuer's own SMS login (Henan): whether it is open, send a code, log in. */
import { API } from '../../../../types/api/paths'
import type { RequestClient } from '../../../services/request/client'
import { SHOWN_BY_SCREEN, callApi, nothing } from '../../../services/api/call'

export function createProvinceApi(client: RequestClient) {
  // The province step shows every failure of these calls in its own place.
  return {
    msgOpen: (): Promise<boolean> => callApi(client, API.provinceMsgOpen, undefined, SHOWN_BY_SCREEN).then((answer) => answer.open),
    sendCode: (mobile: string): Promise<void> => callApi(client, API.provinceSendMsg, { mobile }, SHOWN_BY_SCREEN).then(nothing),
    login: (mobile: string, code: string, orderId: string) => callApi(client, API.provinceLogin, { mobile, code, orderId }, SHOWN_BY_SCREEN),
  }
}
