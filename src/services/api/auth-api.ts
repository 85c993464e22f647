/** Login, tokens and SMS codes. */
import { API } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import type { AuthCodeProvider as AuthProvider, FollowUpPhoneRequest, SendCodeParam, TokenParam, TokenRequest } from '../../../types/api/auth'
import type { ChannelProfile } from '../../config/channel'
import type { SealedBox } from '../crypto/sealed-box'
import type { RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi, nothing } from './call'

/** Structurally the UserStore's AuthApi (services do not import stores), plus the phone calls. */
export function createAuthApi(client: RequestClient, channel: ChannelProfile, sealer: SealedBox, now: () => number) {
  // Silent logins fall through to the next method, and the login page shows why a code login
  // failed: no token call is toasted.
  const token = (request: TokenRequest) => callApi(client, API.token, request, { silent: true })
  const sealedToken = (param: TokenParam) => sealer.seal(SEALED_FIELD.token, JSON.stringify(param))
  return {
    sendCode: (mobile: string): Promise<void> =>
      // The login page shows why the code was not sent (a failure to seal included).
      Promise.resolve<SendCodeParam>({ mobileNo: mobile, timestamp: now() })
        .then((param) => callApi(client, API.sendSealedCode, { sendCodeParamSJ: sealer.seal(SEALED_FIELD.sendCode, JSON.stringify(param)) }, SHOWN_BY_SCREEN))
        .then(nothing),
    loginByCode: (mobile: string, code: string) =>
      token({ grantType: 'smsCode', tokenParamSJ: sealedToken({ mobileNo: mobile, verifyCode: code }) }),
    loginByRememberedPhone: (mobile: string, loginTicket: string) =>
      token({ grantType: 'rememberedPhone', tokenParamSJ: sealedToken({ mobileNo: mobile, timestamp: now(), loginTicket }) }),
    loginByPromoterAccount: () => callApi(client, API.promoterLogin, channel.promoterAccount, { silent: true }),
    loginByPageToken: (pageToken: string) => token({ grantType: 'pageToken', token: pageToken }),
    loginByAuthCode: (provider: AuthProvider, code: string) => token({ grantType: 'authCode', provider, code }),
    /**
     * Ends the session of `accessToken` on the server, and its user's remembered-phone tickets.
     * The token is passed in: the local session may already be gone (or be the next one).
     */
    logout: (accessToken: string): Promise<void> =>
      callApi(client, API.logout, undefined, {
        notNeedLogin: true,
        silent: true,
        quietUnauthorized: true,
        header: { Authorization: `Bearer ${accessToken}` },
      }).then(nothing),
    /**
     * Leaves a phone for a call back; the caller passes the person's consent (the server refuses
     * the call without it). Silent, and an expired login opens no login dialog: it is sent as the
     * person leaves, with no page left to tell.
     */
    saveFollowUpPhone: (request: FollowUpPhoneRequest): Promise<void> =>
      callApi(client, API.saveFollowUpPhone, { mobile: request.mobile, consent: request.consent }, { silent: true, quietUnauthorized: true }).then(nothing),
  }
}
