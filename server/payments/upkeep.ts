/**
 * What keeps the server's payments and the providers' trades in step, run by a job every minute
 * (server/jobs/payment-upkeep.ts, one process):
 * - refunds due are delivered (refunds.ts);
 * - abandoned trades (a payment cancelled, expired or replaced while in progress) are closed at
 *   their provider, so nobody can pay them any more; one that was paid after all is refunded;
 * - payments in progress for a while are asked about at their provider: a notification that got
 *   lost settles the payment all the same (a query finds it paid).
 * Every step is idempotent (a second process, or a notification arriving meanwhile, changes
 * nothing twice). The simulator's payments are settled by its own pages and need none of this.
 */
import { and, asc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { MINUTE_MS } from '../../src/domain/constants'
import { PAY_STATE } from '../../src/domain/enums'
import { payments } from '../db/schema'
import { handOverNow } from '../orders/issuer-outbox'
import type { IssuerGateway } from '../orders/issuer-gateway'
import type { RandomSource } from '../runtime/random'
import { SIMULATOR_PROVIDER } from './cashier'
import { settleVendorPayment } from './payments'
import { deliverDueRefunds } from './refunds'
import type { RefundContext } from './refunds'
import { VendorError, isVendorName } from './vendor'
import type { PaymentVendor, VendorName } from './vendor'

/** A payment in progress this long without a notification is asked about at its provider. */
export const PENDING_QUERY_AFTER_MS = 2 * MINUTE_MS
/** And again at most this often, while it stays in progress. */
export const PENDING_RECHECK_MS = 2 * MINUTE_MS
/** Trades older than this are not looked at any more: the providers' trades expire well before. */
export const UPKEEP_WINDOW_MS = 7 * 24 * 60 * MINUTE_MS
/** Payments one step looks at in one run. */
export const UPKEEP_BATCH = 50

export interface UpkeepContext extends RefundContext {
  readonly random: RandomSource
  readonly issuer: IssuerGateway
}

export interface UpkeepReport {
  refundTries: number
  closed: number
  recovered: number
}

type Row = Pick<typeof payments.$inferSelect, 'id' | 'provider'>

/** The provider account of a payment row, or undefined (logged) when it is not configured. */
function vendorOf(context: UpkeepContext, row: Row): { readonly name: VendorName; readonly vendor: PaymentVendor } | undefined {
  const vendor = isVendorName(row.provider) ? context.cashier.vendor(row.provider) : undefined
  if (!vendor || !isVendorName(row.provider)) {
    context.log.error({ paymentId: row.id, provider: row.provider }, 'payment of a provider that is not configured: not kept in step')
    return undefined
  }
  return { name: row.provider, vendor }
}

/** Money a provider took for the payment: settled, or refunded when the payment was abandoned. */
async function settleFound(context: UpkeepContext, name: VendorName, vendor: PaymentVendor, paymentId: string): Promise<boolean> {
  const trade = await vendor.query(paymentId)
  if (trade.state !== 'paid') return false
  const { outcome, orderId } = await settleVendorPayment(context, name, { paymentId, amountCents: trade.amountCents, vendorTradeNo: trade.vendorTradeNo })
  const facts = { vendor: name, paymentId, outcome }
  if (outcome === 'unknown' || outcome === 'mismatch') context.log.error(facts, 'a provider’s paid trade does not match its payment: needs a person')
  else context.log.info(facts, 'payment found paid at its provider')
  if (outcome === 'settled' && orderId !== undefined) await handOverNow(context, orderId)
  return outcome === 'settled' || outcome === 'refunding'
}

function logVendorError(context: UpkeepContext, error: unknown, paymentId: string, doing: string): void {
  if (!(error instanceof VendorError)) throw error
  const facts = { vendor: error.vendor, code: error.code, paymentId }
  if (error.retryable) context.log.warn(facts, `${doing}: tried again later`)
  else context.log.error(facts, `${doing}: refused by the provider`)
}

/** A batch of the vendors' payments (not the simulator's) inside the upkeep's window, oldest first, that `due` selects. */
async function vendorPayments(context: UpkeepContext, now: Date, due: SQL | undefined): Promise<Row[]> {
  return context.db
    .select({ id: payments.id, provider: payments.provider })
    .from(payments)
    .where(and(ne(payments.provider, SIMULATOR_PROVIDER), gte(payments.createdAt, new Date(now.getTime() - UPKEEP_WINDOW_MS)), due))
    .orderBy(asc(payments.createdAt))
    .limit(UPKEEP_BATCH)
}

/** Closes abandoned trades at their providers; answers how many were closed (or found paid, and refunded). */
export async function closeAbandonedTrades(context: UpkeepContext): Promise<number> {
  const rows = await vendorPayments(context, context.clock.now(), and(eq(payments.state, PAY_STATE.FAILED), isNull(payments.vendorClosedAt)))
  let closed = 0
  for (const row of rows) {
    const account = vendorOf(context, row)
    if (!account) continue
    try {
      const outcome = await account.vendor.close(row.id)
      if (outcome === 'paid') await settleFound(context, account.name, account.vendor, row.id)
      await context.db.update(payments).set({ vendorClosedAt: context.clock.now() }).where(eq(payments.id, row.id))
      closed += 1
    } catch (error) {
      logVendorError(context, error, row.id, 'abandoned trade not closed')
    }
  }
  return closed
}

/** Asks the providers about payments in progress for a while; answers how many were found paid. */
export async function recoverPendingPayments(context: UpkeepContext): Promise<number> {
  const now = context.clock.now()
  const rows = await vendorPayments(
    context,
    now,
    and(
      eq(payments.state, PAY_STATE.PAYING),
      lte(payments.createdAt, new Date(now.getTime() - PENDING_QUERY_AFTER_MS)),
      or(isNull(payments.vendorCheckedAt), lte(payments.vendorCheckedAt, new Date(now.getTime() - PENDING_RECHECK_MS))),
    ),
  )
  let recovered = 0
  for (const row of rows) {
    const account = vendorOf(context, row)
    if (!account) continue
    await context.db.update(payments).set({ vendorCheckedAt: now }).where(eq(payments.id, row.id))
    try {
      if (await settleFound(context, account.name, account.vendor, row.id)) recovered += 1
    } catch (error) {
      logVendorError(context, error, row.id, 'payment in progress not asked about')
    }
  }
  return recovered
}

/** One round of the upkeep. */
export async function runPaymentUpkeep(context: UpkeepContext): Promise<UpkeepReport> {
  return {
    refundTries: await deliverDueRefunds(context),
    closed: await closeAbandonedTrades(context),
    recovered: await recoverPendingPayments(context),
  }
}
