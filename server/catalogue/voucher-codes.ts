/**
 * The write-off codes an order holds, as the order, its payment and its cancel see them: which
 * code an order claimed, what the order pays with it, and freeing the codes of orders cancelled
 * before payment. The rules of checking and claiming a code are in vouchers.ts.
 */
import { eq, inArray } from 'drizzle-orm'
import type { OrderVoucher } from '../../types/api/apply'
import { MIN_PAY_CENTS } from '../../types/api/payment'
import { priceAfterDiscount } from '../../src/domain/money'
import type { Db } from '../db/database'
import { voucherCodes } from '../db/schema'

/** The code claimed for the order, or null. */
export async function orderVoucher(db: Db, orderId: string): Promise<OrderVoucher | null> {
  const [row] = await db
    .select({ code: voucherCodes.code, discountCents: voucherCodes.discountCents })
    .from(voucherCodes)
    .where(eq(voucherCodes.claimedOrderId, orderId))
    .limit(1)
  return row ?? null
}

/**
 * What an order of price `priceCents` pays: the price less the voucher's discount, never below
 * MIN_PAY_CENTS; a free package stays free.
 */
export function amountDue(priceCents: number, voucher: OrderVoucher | null): number {
  return voucher === null ? priceCents : priceAfterDiscount(priceCents, voucher.discountCents, MIN_PAY_CENTS)
}

/**
 * Frees the codes of these orders (cancelled before anything was paid): each can be claimed
 * again until it expires. Use in the cancel's transaction.
 */
export async function releaseVouchers(db: Db, orderIds: readonly string[]): Promise<void> {
  if (!orderIds.length) return
  await db
    .update(voucherCodes)
    .set({ claimId: null, claimedUserId: null, claimedOrderId: null, claimedAt: null })
    .where(inArray(voucherCodes.claimedOrderId, [...orderIds]))
}
