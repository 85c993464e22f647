/**
 * One person, one identity: the promoter-account login identifies the channel, not a person, so
 * its session reaches the public and channel-level calls only. Every personal route refuses it
 * (403) before its handler runs; two people who came in through that login see nothing of each
 * other's, and once each logs in by SMS they are two users.
 */
import type { InjectOptions } from 'fastify'
import type { ApplyResponse, LoadDraftResponse, UploadResponse } from '../../types/api/apply'
import type { TokenGrant } from '../../types/api/auth'
import type { Page } from '../../types/api/envelope'
import type { OrderSummary } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import { SEALED_FIELD } from '../../types/api/sealed'
import { MAP, bearer, envelope, loginAsPromoter, loginBySms, sealFor, tokenCall } from './support/api'
import { PHONES, apply, createOrder, data, login, orderWorld, payload, upload } from './support/orders'
import { describeDb } from './support/test-database'

const PERSON_REQUIRED = { code: 403, msg: '请先验证手机号后再办理', data: null }

/** Any value for each `{placeholder}`: the refusal must come before the handler looks at it. */
function anyPath(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, 'X1')
}

const entries = Object.entries(API) as [string, Endpoint][]
const personal = entries.filter(([, endpoint]) => endpoint.public !== true && endpoint.channel !== true)
const channelLevel = entries.filter(([, endpoint]) => endpoint.channel === true)

describeDb('identity: channel login versus a person', () => {
  const world = orderWorld()

  const as = (grant: TokenGrant, request: InjectOptions) => world.test.inject({ ...request, headers: { ...request.headers, ...bearer(grant) } })

  describe('the scope of a session', () => {
    it('grants the promoter login the channel scope and every personal login the person scope', async () => {
      const { test } = world
      expect((await loginAsPromoter(test)).scope).toBe('channel')
      expect((await loginBySms(test, PHONES.other)).scope).toBe('person')
      const pageToken = envelope<TokenGrant>(await tokenCall(test, { grantType: 'pageToken', token: 'sim-alice' }))
      expect(pageToken.data.scope).toBe('person')
      const mapCode = envelope<TokenGrant>(await tokenCall(test, { grantType: 'authCode', provider: 'map', code: 'sim-bob' }, MAP.channelId))
      expect(mapCode.data.scope).toBe('person')
    })

    it('lists personal and channel-level calls in the contract', () => {
      expect(channelLevel.map(([name]) => name)).toEqual(
        expect.arrayContaining(['promoterChannelEffective', 'plateUnique', 'channelInterceptCheck', 'requiredRisk']),
      )
      // The catalogue is public (issue 29): packages and the issuers' agreements.
      expect(channelLevel.map(([name]) => name)).not.toEqual(expect.arrayContaining(['listCommodity']))
      expect(personal.map(([name]) => name)).toEqual(
        expect.arrayContaining(['apply', 'loadDraft', 'saveDraft', 'uploadIdCardH5', 'image', 'searchOrders', 'orderDetail', 'cancelOrder', 'payDeposit']),
      )
    })
  })

  describe('a channel session', () => {
    it.each(personal)('is refused by %s with 403 before the handler runs', async (_name, endpoint) => {
      const promoter = await loginAsPromoter(world.test)
      // A body the route could not parse: the refusal must not depend on reading it.
      const response = await as(promoter, { method: endpoint.method, url: anyPath(endpoint), payload: endpoint.method === 'POST' ? '{"broken' : undefined, headers: { 'content-type': 'application/json' } })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(PERSON_REQUIRED)
    })

    it.each(channelLevel)('reaches the channel-level call %s', async (_name, endpoint) => {
      const promoter = await loginAsPromoter(world.test)
      const response = await as(promoter, { method: endpoint.method, url: anyPath(endpoint), ...(endpoint.method === 'POST' ? { payload: {} } : {}) })
      expect(response.statusCode).not.toBe(401)
      expect(response.statusCode).not.toBe(403)
    })
  })

  describe('two people who came in through the promoter login', () => {
    it('cannot list, read, draft, upload, download or cancel anything, and are two users once they log in by SMS', async () => {
      const { test } = world
      const firstChannel = await loginAsPromoter(test)
      const secondChannel = await loginAsPromoter(test)
      // The login is one account for everyone: the same uid, which is why it cannot be personal.
      expect(secondChannel.uid).toBe(firstChannel.uid)
      const refusedToStart = await apply(test, firstChannel, payload())
      expect(refusedToStart.statusCode).toBe(403)

      // The first person proves a phone and applies; the second comes in through the promoter login.
      const first = await login(test, PHONES.third)
      const orderId = await createOrder(test, first)
      const photo = data<UploadResponse>(await upload(test, first, API.uploadIdCardH5.path, { orderId, side: 'front' }))
      data(await world.api.call(API.saveDraft, { encryptUsersVehicleApplyVoStr: sealFor(test, SEALED_FIELD.apply, { plateNumber: '京A12345' }) }, { as: first }))

      const { api } = world
      const attempts: InjectOptions[] = [
        api.request(API.searchOrders, { pageNo: 1, pageSize: 10 }),
        api.request(API.orderDetail, { orderId }),
        api.request(API.currentProcessByUid, undefined, { params: { uid: secondChannel.uid } }),
        api.request(API.loadDraft),
        api.request(API.image, { fileId: photo.fileId }),
        api.request(API.cancelOrder, { orderId, reason: '暂时不需要了' }),
      ]
      for (const attempt of attempts) {
        const response = await as(secondChannel, attempt)
        expect([attempt.url, response.statusCode, response.json()]).toEqual([attempt.url, 403, PERSON_REQUIRED])
      }
      const uploadAttempt = await upload(test, secondChannel, API.uploadIdCardH5.path, { orderId, side: 'back' })
      expect(uploadAttempt.statusCode).toBe(403)

      // Logged in by SMS, the second person is a user of their own and sees nothing of the first's.
      const second = await login(test, PHONES.other)
      expect(second.uid).not.toBe(first.uid)
      expect(data<Page<OrderSummary>>(await as(second, attempts[0]!)).total).toBe(0)
      expect(envelope(await as(second, attempts[1]!)).code).toBe(404)
      expect(data<LoadDraftResponse>(await as(second, attempts[3]!))).toEqual({ encryptUsersVehicleApplyVoStr: null, savedAt: null })
      expect((await as(second, attempts[4]!)).statusCode).toBe(404)
      expect(envelope(await as(second, attempts[5]!)).code).toBe(404)
      // The first person's order is untouched.
      const mine = data<Page<OrderSummary>>(await as(first, attempts[0]!))
      expect(mine.list.map((order) => [order.orderId, order.cancelState ?? null])).toEqual([[orderId, null]])
      expect(data<ApplyResponse>(await apply(test, first, payload())).orderId).toBe(orderId)
    })
  })
})
