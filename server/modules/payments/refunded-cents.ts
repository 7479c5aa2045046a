import { sql } from 'drizzle-orm';
import { refunds } from '../../db/schema';

/**
 * What refunds gave back of the `payments` row a query reads, in cents. Written with qualified
 * names: in a select from `payments` alone Drizzle renders its columns unqualified, and an
 * unqualified "id" inside this subquery would be the refund's own id.
 */
export const refundedCentsOfPayment = sql<number>`(select coalesce(sum(given.amount_cents), 0)::int from ${refunds} given where given.payment_id = "payments"."id")`;
