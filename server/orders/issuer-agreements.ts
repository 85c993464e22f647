/**
 * The issuers' agreements of an order (the consent step): each acceptance the apply payload
 * carries is checked against the issuer's current agreement and recorded once per issuer with the
 * server's time; the final commit needs the package issuer's current agreement accepted, when that
 * issuer has one.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { ISSUER_AGREEMENT_OUTDATED } from '../../types/api/apply'
import type { IssuerAgreementAcceptance } from '../../types/api/apply'
import type { OrderDetail } from '../../types/api/orders'
import { readSupplierProtocol } from '../catalogue/supplier-protocols'
import type { Db } from '../db/database'
import { orderIssuerAgreements } from '../db/schema'
import { DomainError } from '../domain-error'
import type { OrderRow } from './order-records'

/**
 * Records the acceptances for the order: each must name the issuer's current agreement (else
 * ISSUER_AGREEMENT_OUTDATED, nothing recorded: the caller's transaction rolls back). The first acceptance of
 * an issuer keeps its time; accepting a newer version replaces it. Use inside `db.transaction`.
 */
export async function recordIssuerAgreements(db: Db, orderId: string, accepted: readonly IssuerAgreementAcceptance[], now: Date): Promise<void> {
  for (const acceptance of accepted) {
    const current = await readSupplierProtocol(db, acceptance.issuerId)
    if (!current || current.version !== acceptance.version) throw DomainError.business(ISSUER_AGREEMENT_OUTDATED.code, ISSUER_AGREEMENT_OUTDATED.message)
    await db
      .insert(orderIssuerAgreements)
      .values({ orderId, issuerId: acceptance.issuerId, version: acceptance.version, acceptedAt: now })
      .onConflictDoUpdate({
        target: [orderIssuerAgreements.orderId, orderIssuerAgreements.issuerId],
        set: { version: acceptance.version, acceptedAt: now },
        setWhere: sql`${orderIssuerAgreements.version} <> excluded.version`,
      })
  }
}

/**
 * Whether the order's issuer (its package's) has an agreement the order has not accepted in its
 * current version: an acceptance of a version the operator has since replaced counts as missing.
 */
export async function issuerAgreementMissing(db: Db, order: Pick<OrderRow, 'orderId' | 'issuerId'>): Promise<boolean> {
  if (order.issuerId === null) return false
  const current = await readSupplierProtocol(db, order.issuerId)
  if (!current) return false
  const [accepted] = await db
    .select({ version: orderIssuerAgreements.version })
    .from(orderIssuerAgreements)
    .where(and(eq(orderIssuerAgreements.orderId, order.orderId), eq(orderIssuerAgreements.issuerId, order.issuerId)))
    .limit(1)
  return accepted?.version !== current.version
}

/** The order's accepted agreements, as its detail shows them. */
export async function orderIssuerAgreementList(db: Db, orderId: string): Promise<OrderDetail['issuerAgreements']> {
  const rows = await db
    .select({ issuerId: orderIssuerAgreements.issuerId, version: orderIssuerAgreements.version, acceptedAt: orderIssuerAgreements.acceptedAt })
    .from(orderIssuerAgreements)
    .where(eq(orderIssuerAgreements.orderId, orderId))
    .orderBy(asc(orderIssuerAgreements.issuerId))
  return rows.map((row) => ({ issuerId: row.issuerId, version: row.version, acceptedAt: row.acceptedAt.toISOString() }))
}
