/**
 * The three apply steps of the sealed payload, each in one transaction:
 * - CREATE (1) opens an order for the plate, or returns the caller's open order of that plate
 *   (a repeat or replay never makes a second one; the partial unique index holds under races);
 *   a user holds at most MAX_OPEN_UNSUBMITTED_ORDERS unsubmitted orders, each expiring after
 *   UNSUBMITTED_ORDER_TTL_MS (unsubmitted-orders.ts), within the per-user limits on new orders
 *   (order-limits.ts) and the per-address limit on opening them (limits/per-address.ts);
 * - UPDATE (2) changes owner, vehicle, delivery and package of the caller's open, unsubmitted order;
 * - FINAL_COMMIT (200) saves what it carries, then submits the order when complete (else answers
 *   what is missing); the deposit state follows the package (free: not needed, else awaiting
 *   payment, with a pay-by time: unpaid-orders.ts). Repeating it on a submitted order changes
 *   nothing. The plate goes to the first user to submit it: orders_one_submitted_per_plate_key
 *   refuses the others (2001), after another user's unpaid order past its hold gave it back. A
 *   user submits at most `maxUnpaidOrders` orders left unpaid.
 *   A province plate's complete order is refused (400) without its issuer's SMS verification
 *   while the issuer's switch is on (province-verification.ts).
 * Complete includes the accepted agreement of the package's issuer (issuer-agreements.ts; every
 * step records the acceptances it carries). A free order's submission queues its hand-over to its
 * issuer in the same transaction (issuer-outbox.ts); any other order's, its payment's settlement.
 * The promotion of a new order, and of an order whose package is chosen, must be one the call's
 * `{channel}` may use (the interception check's rules).
 */
import { and, eq } from 'drizzle-orm'
import { MISSING_ISSUER_AGREEMENT } from '../../types/api/apply'
import type { ApplyResponse } from '../../types/api/apply'
import { CERTIFICATE, missingCertificates } from '../../src/domain/certificates'
import type { CertificateFlag } from '../../src/domain/certificates'
import { APPLY_STEP, DELIVERY_METHOD, PAY_STATE } from '../../src/domain/enums'
import type { SessionUser } from '../auth/sessions'
import type { Config } from '../config'
import type { CounterStore } from '../limits/counters'
import { ADDRESS_LIMIT, countAddressAttempt } from '../limits/per-address'
import type { RiskReviewer } from '../catalogue/risk-review'
import { riskVerdict } from '../../src/domain/apply-checks'
import type { RiskVerdict } from '../../src/domain/apply-checks'
import { forgetFollowUpPhones } from '../platform/follow-up-phones'
import type { Clock } from '../runtime/clock'
import type { RandomSource } from '../runtime/random'
import { BUSINESS_CODE } from '../../types/api/envelope'
import { PLATE_HELD_MESSAGE } from './plate-checks'
import { violatesUnique } from '../db/constraint-errors'
import type { Db } from '../db/database'
import { commodities, orders } from '../db/schema'
import { DomainError } from '../domain-error'
import type { CheckedApplyPayload } from '../validation/apply-payload'
import { admitNewOrder, assertPromotionUse, plateHeldRefusal } from './admission'
import {
  ORDER_MESSAGE,
  addEvent,
  assertEditable,
  assertOpen,
  findOpenOrderForPlate,
  insertNewOrder,
  requireOwnOrder,
} from './order-records'
import type { OrderChanges, OrderRow } from './order-records'
import { issuerAgreementMissing, recordIssuerAgreements } from './issuer-agreements'
import { queueIssuerDelivery } from './issuer-outbox'
import { completeness } from './order-views'
import { assertProvinceVerified, provinceOrderSource } from './province-verification'
import { REPLACEMENT_ONLY_MESSAGE, offeredForApplication } from '../../src/domain/money'
import { afterExpiry, expireUserOrders } from './order-expiry'
import { assertNewOrderAllowed } from './order-limits'
import { assertUnpaidCap, expireUnpaidOrders, payByOf } from './unpaid-orders'
import { assertNotExpired, lockForNewOrder } from './unsubmitted-orders'

/** The index that gives a plate to the first user who submits it. */
const ONE_SUBMITTED_PER_PLATE = 'orders_one_submitted_per_plate_key'

export interface ApplyContext {
  readonly db: Db
  readonly clock: Clock
  readonly random: RandomSource
  /** Reviews each new order before it is opened (admission.ts). */
  readonly risk: RiskReviewer
  /** Counts the per-address limit on opening orders. */
  readonly counters: CounterStore
  readonly config: Pick<Config, 'orderLimits' | 'hourlyRateLimit'>
}

/** Who applies: the logged-in user and the address the request came from. */
export interface ApplyCaller {
  readonly user: SessionUser
  readonly ip: string
}

export const APPLY_MESSAGE = {
  unknownCommodity: '套餐不存在或已下架',
  userMismatch: '登录用户与申办用户不一致，请重新登录',
} as const

/** What a final commit still lacks, in the order the app asks for it. */
export const MISSING_PART = {
  owner: '车主信息',
  vehicle: '车辆信息',
  delivery: '领取方式',
  commodity: '套餐',
} as const

const MISSING_CERTIFICATE: Readonly<Record<CertificateFlag, string>> = {
  [CERTIFICATE.ID_CARD]: '身份证照片（人像面和国徽面）',
  [CERTIFICATE.DRIVING_LICENCE]: '行驶证照片',
  [CERTIFICATE.VEHICLE_FRONT]: '车头照片',
  [CERTIFICATE.ROAD_TRANSPORT_PERMIT]: '道路运输证照片',
  [CERTIFICATE.MOTOR_LICENCE]: '机动车登记证书照片',
}

export function missingParts(order: OrderRow): string[] {
  const done = completeness(order)
  const parts = (['owner', 'vehicle', 'delivery'] as const).filter((part) => !done[part]).map((part) => MISSING_PART[part])
  const photos = missingCertificates(order.certificatesCommitState).map((flag) => MISSING_CERTIFICATE[flag])
  return [...parts, ...photos, ...(done.commodity ? [] : [MISSING_PART.commodity])]
}

/**
 * The pay state the order has, or before submission the one it will have: nothing to pay for a
 * free package, otherwise awaiting payment.
 */
function payStateOf(order: OrderRow): number {
  if (order.depositPayState !== null) return order.depositPayState
  return order.amountCents === 0 ? PAY_STATE.NOT_NEEDED : PAY_STATE.AWAITING_PAYMENT
}

/**
 * The step's answer; `missing` lists what a final commit would still lack (none once submitted),
 * the package's issuer agreement last when it is not accepted (`agreementMissing`).
 */
function answer(order: OrderRow, agreementMissing = false): ApplyResponse {
  return {
    orderId: order.orderId,
    stepId: order.stepId,
    certificatesCommitSate: order.certificatesCommitState,
    depositPayState: payStateOf(order),
    missing: order.submittedAt === null ? [...missingParts(order), ...(agreementMissing ? [MISSING_ISSUER_AGREEMENT] : [])] : [],
  }
}

/**
 * What the payload's changes depend on: the order's promotion and source channels, whether
 * consent is recorded, and the `{channel}` of the call.
 */
type ChangeTarget = Pick<OrderRow, 'promotionChannelId' | 'sourceChannel' | 'agreementsAcceptedAt'> & { channel: string }

/**
 * The order columns the payload sets; the package must be one of the order's promotion channel,
 * and that promotion one the call's channel may use.
 */
async function changesFrom(db: Db, target: ChangeTarget, payload: CheckedApplyPayload, now: Date): Promise<OrderChanges> {
  const changes: OrderChanges = {}
  if (payload.owner) {
    changes.ownerName = payload.owner.ownerName
    changes.ownerIdNumber = payload.owner.idNumber
    changes.ownerMobile = payload.owner.mobile
  }
  if (payload.vehicle) changes.vehicle = { ...payload.vehicle }
  if (payload.delivery) {
    const mail = payload.delivery.method === DELIVERY_METHOD.MAIL
    changes.deliveryMethod = payload.delivery.method
    changes.consigneeName = mail ? (payload.delivery.consigneeName ?? null) : null
    changes.consigneeMobile = mail ? (payload.delivery.consigneeMobile ?? null) : null
    changes.region = mail ? (payload.delivery.region ?? null) : null
    changes.address = mail ? (payload.delivery.address ?? null) : null
  }
  if (payload.commodityId) {
    await assertPromotionUse(db, { channelId: target.channel, sourceChannel: target.sourceChannel, promotionChannelId: target.promotionChannelId })
    const [commodity] = await db
      .select()
      .from(commodities)
      .where(and(eq(commodities.id, payload.commodityId), eq(commodities.promotionChannelId, target.promotionChannelId), eq(commodities.onSale, true)))
      .limit(1)
    if (!commodity) throw DomainError.invalid(APPLY_MESSAGE.unknownCommodity)
    if (!offeredForApplication({ frontData: { isExistUser: commodity.isExistUser } })) throw DomainError.invalid(REPLACEMENT_ONLY_MESSAGE)
    changes.commodityId = commodity.id
    changes.amountCents = commodity.commodityPrice
    changes.businessMode = commodity.bizType
    changes.issuerId = commodity.issuerId
  }
  // The server's time of the first step that carried the consent is kept, not the phone's clock.
  if (payload.agreementsAcceptedAt !== undefined && target.agreementsAcceptedAt === null) changes.agreementsAcceptedAt = now
  return changes
}

async function update(db: Db, orderId: string, changes: OrderChanges): Promise<OrderRow> {
  const [row] = await db.update(orders).set(changes).where(eq(orders.orderId, orderId)).returning()
  if (!row) throw new Error(`Order ${orderId} vanished inside its own transaction`)
  return row
}

/** The create transaction found no open order to answer and was given no verdict: ask the reviewer, then try again. */
const NEEDS_REVIEW = Symbol('needsRiskReview')

/**
 * The risk reviewer is asked before the create's transaction, never while it holds the user's row
 * lock; not when the caller already has an open order of the plate (that one is answered). A
 * failing reviewer fails the step before anything is written. The per-address limit counts the
 * creates that would open an order (a resumed one costs nothing), before the review as well.
 */
async function create(context: ApplyContext, caller: ApplyCaller, channel: string, payload: CheckedApplyPayload): Promise<ApplyResponse> {
  const { user } = caller
  const review = async (): Promise<RiskVerdict> => {
    await countAddressAttempt(context.counters, ADDRESS_LIMIT.orderCreate, caller.ip, context.config.hourlyRateLimit.orderCreate)
    return riskVerdict(await context.risk.review({ userId: user.id, plateNumber: payload.plateNumber, promotionChannelId: payload.promotionChannelId }))
  }
  const open = await findOpenOrderForPlate(context.db, user.id, payload.plateNumber)
  const first = await createInTransaction(context, user, channel, payload, open ? undefined : await review())
  if (first !== NEEDS_REVIEW) return first
  // The open order seen before the transaction expired or closed meanwhile.
  const second = await createInTransaction(context, user, channel, payload, await review())
  if (second === NEEDS_REVIEW) throw new Error('Create asked for a risk review it was given')
  return second
}

async function createInTransaction(
  context: ApplyContext,
  user: SessionUser,
  channel: string,
  payload: CheckedApplyPayload,
  verdict: RiskVerdict | undefined,
): Promise<ApplyResponse | typeof NEEDS_REVIEW> {
  return context.db.transaction(async (tx) => {
    await lockForNewOrder(tx, user.id)
    const now = context.clock.now()
    await expireUserOrders(tx, now, user.id)
    const existing = await findOpenOrderForPlate(tx, user.id, payload.plateNumber)
    if (existing) return answer(existing, await issuerAgreementMissing(tx, existing))
    if (verdict === undefined) return NEEDS_REVIEW
    await assertNewOrderAllowed(tx, user.id, now, context.config.orderLimits)
    const promotion = await admitNewOrder(tx, {
      userId: user.id,
      plateNumber: payload.plateNumber,
      plateColor: payload.plateColor,
      channelId: channel,
      sourceChannel: payload.sourceChannel,
      promotionChannelId: payload.promotionChannelId,
    }, verdict, now)
    const changes = await changesFrom(tx, { channel, promotionChannelId: promotion.id, sourceChannel: payload.sourceChannel, agreementsAcceptedAt: null }, payload, now)
    const inserted = await insertNewOrder(tx, context.random, now, {
      userId: user.id,
      channel,
      channelSource: payload.channelSource,
      sourceChannel: payload.sourceChannel,
      // The promotion's activity, as the offline hand-over records it: what the client believes is
      // not trusted (it decides whether the order takes a write-off code), nor waited for.
      activitySource: promotion.activityType,
      plateNumber: payload.plateNumber,
      plateColor: payload.plateColor,
      promotionChannelId: promotion.id,
      partnerId: payload.partnerId ?? null,
      promoterId: payload.promoterId ?? null,
      ...provinceOrderSource(payload.plateNumber),
      ...changes,
    })
    if (inserted) {
      if (payload.issuerAgreements) await recordIssuerAgreements(tx, inserted.orderId, payload.issuerAgreements, now)
      return answer(inserted, await issuerAgreementMissing(tx, inserted))
    }
    // A concurrent create of the same plate won the partial unique index: answer its order.
    const winner = await findOpenOrderForPlate(tx, user.id, payload.plateNumber)
    if (!winner) throw new Error('Order insert conflicted but no open order was found')
    return answer(winner, await issuerAgreementMissing(tx, winner))
  })
}

/** The caller's order of the step, locked, of the payload's plate and not expired. */
async function lockForStep(db: Db, user: SessionUser, payload: CheckedApplyPayload): Promise<OrderRow> {
  // The schema requires an orderId for every step but CREATE.
  const order = await requireOwnOrder(db, user.id, payload.orderId ?? '', { lock: true })
  if (order.plateNumber !== payload.plateNumber) throw DomainError.invalid(ORDER_MESSAGE.plateMismatch)
  assertNotExpired(order)
  return order
}

/**
 * Saves the payload's changes to the locked order, and the issuer agreements it accepts; the order
 * has reached at least UPDATE.
 */
async function saveChanges(db: Db, order: OrderRow, channel: string, payload: CheckedApplyPayload, now: Date): Promise<OrderRow> {
  const changes = await changesFrom(db, { ...order, channel }, payload, now)
  if (payload.issuerAgreements) await recordIssuerAgreements(db, order.orderId, payload.issuerAgreements, now)
  return update(db, order.orderId, { ...changes, stepId: Math.max(order.stepId, APPLY_STEP.UPDATE), updatedAt: now })
}

async function updateStep(context: ApplyContext, user: SessionUser, channel: string, payload: CheckedApplyPayload): Promise<ApplyResponse> {
  return context.db.transaction(async (tx) => {
    const order = await lockForStep(tx, user, payload)
    assertEditable(order)
    const saved = await saveChanges(tx, order, channel, payload, context.clock.now())
    return answer(saved, await issuerAgreementMissing(tx, saved))
  })
}

async function finalCommit(context: ApplyContext, user: SessionUser, channel: string, payload: CheckedApplyPayload): Promise<ApplyResponse> {
  try {
    return await commitOnce(context, user, channel, payload)
  } catch (error) {
    // Another user submitted this plate first: the index, not a read, decides between racers.
    if (violatesUnique(error, ONE_SUBMITTED_PER_PLATE)) {
      throw (await plateHeldRefusal(context.db, user.id, payload.plateNumber)) ?? DomainError.business(BUSINESS_CODE.PLATE_TAKEN, PLATE_HELD_MESSAGE)
    }
    throw error
  }
}

async function commitOnce(context: ApplyContext, user: SessionUser, channel: string, payload: CheckedApplyPayload): Promise<ApplyResponse> {
  return context.db.transaction(async (tx) => {
    // The user's lock first, as a create takes it: the cap on unpaid orders holds under concurrent commits.
    await lockForNewOrder(tx, user.id)
    const order = await lockForStep(tx, user, payload)
    assertOpen(order)
    if (order.submittedAt !== null) return answer(order)
    const now = context.clock.now()
    const saved = await saveChanges(tx, order, channel, payload, now)
    const agreementMissing = await issuerAgreementMissing(tx, saved)
    if (missingParts(saved).length || agreementMissing) return answer(saved, agreementMissing)
    await assertProvinceVerified(tx, saved)
    const free = saved.amountCents === 0
    if (!free) await assertUnpaidCap(tx, user.id, context.config.orderLimits.maxUnpaidOrders)
    // Another user's order of the plate past its time to pay gives the plate back before the index judges.
    await expireUnpaidOrders(tx, now, { plateNumber: order.plateNumber })
    const submitted = await update(tx, order.orderId, {
      stepId: APPLY_STEP.FINAL_COMMIT,
      submittedAt: now,
      depositPayState: free ? PAY_STATE.NOT_NEEDED : PAY_STATE.AWAITING_PAYMENT,
      payBy: free ? null : payByOf(now, context.config.orderLimits.unpaidHoldMinutes),
      updatedAt: now,
    })
    await addEvent(tx, order.orderId, 'submitted', now)
    // Handed to the issuer by the outbox once nothing is left to pay: a free order now (the commit
    // and the hand-over's queue are one transaction), any other when its payment settles.
    if (submitted.depositPayState === PAY_STATE.NOT_NEEDED) await queueIssuerDelivery(tx, submitted, now)
    // The application is done: a phone left for a call back about it is no longer needed.
    await forgetFollowUpPhones(tx, user.id)
    return answer(submitted)
  })
}

export async function applyStep(context: ApplyContext, caller: ApplyCaller, channel: string, payload: CheckedApplyPayload): Promise<ApplyResponse> {
  const { user } = caller
  if (payload.uid !== undefined && payload.uid !== user.uid) throw DomainError.invalid(APPLY_MESSAGE.userMismatch)
  switch (payload.stepId) {
    case APPLY_STEP.CREATE:
      return create(context, caller, channel, payload)
    case APPLY_STEP.UPDATE:
      return afterExpiry(context, user.id, () => updateStep(context, user, channel, payload))
    case APPLY_STEP.FINAL_COMMIT:
      return afterExpiry(context, user.id, () => finalCommit(context, user, channel, payload))
  }
}
