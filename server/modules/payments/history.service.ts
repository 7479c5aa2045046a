/**
 * Payment history (spec 02 §7.1 paymentmemberinformation, paymentallmem): the payments that moved
 * money, newest first, in the caller's scope: a member sees their membership's, staff all.
 * Checkouts that never completed (pending, cancelled, expired, failed) are not history.
 */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type {
  TNonMemberBuyer,
  TPaymentHistoryItem,
  TPaymentHistoryPage,
} from '../../../domain/contracts/payments';
import type { TDbOrTx } from '../../db/client';
import { nonMemberBuyers, payments } from '../../db/schema';
import { assertMemberAccess, isStaffRole, type TPrincipal } from '../../lib/auth';
import { notFound, unauthenticated } from '../../lib/errors';

import { presentHistoryItem, presentPayment, selectPaymentViews, toView } from './present-payment';

const HISTORY_STATUSES = [PAYMENT_STATUS_DONE, 'refunded'] as const;

/** The caller's payments: a member's own, staff all, or one member's when `memberId` is named. */
function scopeOf(principal: TPrincipal | null, memberId?: number): SQL {
  if (!principal) throw unauthenticated();
  if (memberId !== undefined) assertMemberAccess(principal, memberId);
  const moved = inArray(payments.status, HISTORY_STATUSES);
  const owner = memberId ?? (isStaffRole(principal.role) ? undefined : principal.subjectId);
  return owner === undefined ? moved : (and(moved, eq(payments.memberId, owner)) as SQL);
}

export async function paymentHistoryPage(
  db: TDbOrTx,
  principal: TPrincipal | null,
  page: number,
  pageSize: number,
  memberId?: number,
): Promise<TPaymentHistoryPage> {
  const where = scopeOf(principal, memberId);
  const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
  const rows = await selectPaymentViews(db, where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((row) => presentHistoryItem(toView(row))),
    total: Number(total),
    page,
    page_size: pageSize,
  };
}

export async function allPayments(
  db: TDbOrTx,
  principal: TPrincipal | null,
): Promise<TPaymentHistoryItem[]> {
  const rows = await selectPaymentViews(db, scopeOf(principal)).orderBy(
    desc(payments.createdAt),
    desc(payments.id),
  );
  return rows.map((row) => presentHistoryItem(toView(row)));
}

/** `GET /api/nonmember/:id` (staff): a non-member buyer and every checkout they started. */
export async function nonMemberBuyer(db: TDbOrTx, id: number): Promise<TNonMemberBuyer> {
  const [buyer] = await db.select().from(nonMemberBuyers).where(eq(nonMemberBuyers.id, id));
  if (!buyer) throw notFound('non-member');
  const rows = await selectPaymentViews(db, eq(payments.nonMemberId, id)).orderBy(
    desc(payments.createdAt),
  );
  return {
    id: buyer.id,
    fname: buyer.firstName,
    lname: buyer.lastName,
    email: buyer.email,
    contact: buyer.contactPhone,
    created_at: buyer.createdAt.toISOString(),
    payments: rows.map((row) => presentPayment(toView(row))),
  };
}
