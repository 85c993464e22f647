/**
 * Type-level test of the contract (types/api/paths.ts), checked by `npm run typecheck` and never
 * run: the app's calls and the server's handlers are typed by the same endpoint declarations.
 * Each `@ts-expect-error` line must fail to compile (else the typecheck reports the unused
 * directive); the other lines must compile.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { PlateUniqueResponse } from '../../types/api/apply'
import type { Issuer } from '../../types/api/catalogue'
import { BUSINESS_CODE } from '../../types/api/envelope'
import type { OrderDetail } from '../../types/api/orders'
import { API } from '../../types/api/paths'
import { callApi, uploadApi } from '../../src/services/api/call'
import type { RequestClient } from '../../src/services/request/client'
import { fail, ok } from '../../server/http/envelope'
import type { RouteContext } from '../../server/routes/context'
import { contractRoutes } from '../../server/routes/contract-route'
import { ChannelOrderParams } from '../../server/routes/route-params'

declare const client: RequestClient

export async function appCalls(): Promise<void> {
  const unique: PlateUniqueResponse = await callApi(client, API.plateUnique, { plateNumber: '京A12345', plateColor: 1, vehicleType: 2 })
  const issuers: Issuer[] = await callApi(client, API.issuers)
  const detail: OrderDetail = await callApi(client, API.orderDetail, { orderId: 'E1' }, { fresh: true })
  await callApi(client, API.applyPush, { orderId: 'E1', promotionChannelId: 'P1' })
  await uploadApi(client, API.uploadIdCardH5, { orderId: 'E1', side: 'front' }, '/tmp/a.jpg')
  void [unique, issuers, detail]

  // @ts-expect-error a request field the contract does not have
  await callApi(client, API.plateUnique, { plateNo: '京A12345', plateColor: 1, vehicleType: 2 })
  // @ts-expect-error a request field of the wrong type
  await callApi(client, API.plateUnique, { plateNumber: '京A12345', plateColor: '1', vehicleType: 2 })
  // @ts-expect-error a request without its data
  await callApi(client, API.orderDetail)
  // @ts-expect-error a call without a request takes no data
  await callApi(client, API.issuers, { page: 1 })
  // @ts-expect-error the response is the contract's, not what the caller wishes
  const wrong: string = await callApi(client, API.issuers)
  // @ts-expect-error an upload's form fields are the contract's
  await uploadApi(client, API.uploadIdCardH5, { orderId: 'E1', kind: 'front' }, '/tmp/a.jpg')
  // @ts-expect-error only upload endpoints take a file
  await uploadApi(client, API.cancelOrder, { orderId: 'E1', reason: '不办了' }, '/tmp/a.jpg')
  void wrong
}

declare const app: FastifyInstance
declare const context: RouteContext
declare const order: OrderDetail

const plateColor = z.union([z.literal(1), z.literal(3)])
const PlateBody = z.strictObject({ plateNumber: z.string(), plateColor, vehicleType: z.literal(2) })

export function serverRoutes(): void {
  const route = contractRoutes(app, context)

  route(API.plateUnique, { body: PlateBody, handler: async ({ body }) => ok({ data: { resultType: body.plateColor } }) })
  route(API.plateUnique, { body: PlateBody, handler: async () => fail(BUSINESS_CODE.PLATE_TAKEN, '该车辆已办理ETC') })
  route(API.orderDetail, { params: ChannelOrderParams, handler: async ({ user, params }) => ok({ ...order, orderId: params.orderId, plateNumber: user.uid }) })
  route(API.issuers, { handler: async () => ok([]) })
  route(API.image, { params: z.object({ fileId: z.string() }), handler: async ({ reply }) => reply.send(Buffer.alloc(0)) })
  route(API.uploadDrivingLicense, {
    body: z.object({ orderId: z.string() }),
    handler: async ({ body, file }) => ok({ fileId: body.orderId, url: '/u/f1', certificatesCommitSate: file.length }),
  })

  // @ts-expect-error a handler returning a response field the contract does not have
  route(API.plateUnique, { body: PlateBody, handler: async () => ok({ data: { result: 1 } }) })
  // @ts-expect-error a handler returning another endpoint's response
  route(API.orderDetail, { params: ChannelOrderParams, handler: async () => ok([order]) })
  // @ts-expect-error a file endpoint answers with the file, not an envelope
  route(API.image, { params: z.object({ fileId: z.string() }), handler: async () => ok(null) })
  // @ts-expect-error the schema does not read a field of the request
  route(API.plateUnique, { body: z.strictObject({ plateNumber: z.string(), plateColor }), handler: async () => ok({ data: { resultType: 1 } }) })
  // @ts-expect-error the schema reads a field as another type than the request's
  route(API.plateUnique, { body: PlateBody.extend({ plateNumber: z.number() }), handler: async () => ok({ data: { resultType: 1 } }) })
  // @ts-expect-error the schema reads a field the request does not have
  route(API.plateUnique, { body: PlateBody.extend({ plateNo: z.string().optional() }), handler: async () => ok({ data: { resultType: 1 } }) })
  // @ts-expect-error a request with fields needs a schema
  route(API.plateUnique, { handler: async () => ok({ data: { resultType: 1 } }) })
  // @ts-expect-error a call without a request reads no fields
  route(API.issuers, { query: z.object({ page: z.string() }), handler: async () => ok([]) })
  // @ts-expect-error path parameters are part of the request (orderId)
  route(API.orderDetail, { handler: async () => ok(order) })
}
