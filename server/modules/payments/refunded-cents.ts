import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { refunds } from '../../db/schema';

/**
 * What refunds gave back of the `payments` row a query reads, in cents. Written with qualified
 * names: in a select from `payments` alone Drizzle renders its columns unqualified, and an
 * unqualified "id" inside this subquery would be the refund's own id.
 */
export const refundedCentsOfPayment = sql<number>`(select coalesce(sum(given.amount_cents), 0)::int from ${refunds} given where given.payment_id = "payments"."id")`;

/**
 * What refunds gave back of each refunded payment, one row each, for a query over many payments
 * to left join on `paymentId` (with `refundedCentsOf`) instead of running the subquery above for
 * every row. On the embedded database each scan a subquery begins asks the file system for its
 * table's size (a call through Node): a year's ticket report of 100,000 rows made 100,000 of them.
 */
export function refundTotals(db: TDbOrTx) {
  return db
    .select({
      paymentId: refunds.paymentId,
      cents: sql<number>`sum(${refunds.amountCents})::int`.as('refunded_total'),
    })
    .from(refunds)
    .groupBy(refunds.paymentId)
    .as('refund_totals');
}

/** A payment's refunded cents from its joined `refundTotals` row (0 when it has none). */
export function refundedCentsOf(totals: ReturnType<typeof refundTotals>) {
  return sql<number>`coalesce(${totals.cents}, 0)`.as('refunded_cents');
}
