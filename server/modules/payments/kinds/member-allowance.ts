/**
 * How many member tickets a family may buy for an event (DESIGN §3d): the family's headcount
 * (member + spouse + dependents) minus the member tickets it holds for the event, confirmed or in
 * a checkout that has not expired.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../../domain/constants';
import { toCalendarDate } from '../../../../domain/dates';
import { getsMemberPrices } from '../../../../domain/membership-status';
import type { TConfig } from '../../../config';
import type { TDbOrTx } from '../../../db/client';
import { familyMembers, members, payments, type TMemberRow } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { holdsSeats } from '../../events/seats';

export const MEMBERSHIP_NOT_ACTIVE_MESSAGE =
  'This membership is not active. Please renew it to buy member tickets.';

/**
 * Member prices while the membership is in force (DESIGN §3d) or within the renewal grace period
 * after it ended (RENEWAL_GRACE_DAYS, issue 15): the rule is domain/membership-status's.
 */
export function isMembershipActive(member: TMemberRow, now: Date, config: TConfig): boolean {
  return getsMemberPrices(member, toCalendarDate(now, config.timeZone), config.renewal.graceDays);
}

export async function findMember(db: TDbOrTx, memberId: number): Promise<TMemberRow> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw notFound('member');
  return member;
}

export async function familyHeadcount(db: TDbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(familyMembers)
    .where(eq(familyMembers.memberId, memberId));
  return 1 + Number(row?.n ?? 0);
}

export interface THeldQuery {
  confirmedOnly?: boolean;
  /** The payment asking, left out by its transaction id (known before it is written). */
  excludeTransactionId?: string;
}

export async function memberTicketsHeld(
  db: TDbOrTx,
  memberId: number,
  eventId: number,
  now: Date,
  query: THeldQuery = {},
): Promise<number> {
  const conditions = [
    eq(payments.kind, 'member-ticket'),
    eq(payments.memberId, memberId),
    eq(payments.eventId, eventId),
    query.confirmedOnly ? eq(payments.status, PAYMENT_STATUS_DONE) : holdsSeats(now),
  ];
  if (query.excludeTransactionId !== undefined)
    conditions.push(ne(payments.transactionId, query.excludeTransactionId));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${payments.dependent}), 0)::int` })
    .from(payments)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

export function allowanceMessage(allowance: number): string {
  if (allowance <= 0) return 'Your family already holds a member ticket for everyone in it.';
  return allowance === 1
    ? 'Your family may buy 1 more member ticket for this event.'
    : `Your family may buy ${allowance} more member tickets for this event.`;
}

/**
 * 409 unless the family may buy `tickets` more for the event (beside what it holds, but for the
 * payment `excludeTransactionId` names: the checkout asking).
 */
export async function assertAllowance(
  db: TDbOrTx,
  memberId: number,
  eventId: number,
  tickets: number,
  now: Date,
  query: Pick<THeldQuery, 'excludeTransactionId'> = {},
): Promise<void> {
  const allowance =
    (await familyHeadcount(db, memberId)) -
    (await memberTicketsHeld(db, memberId, eventId, now, query));
  if (tickets > allowance) {
    throw conflict(allowanceMessage(allowance), { ticket: allowanceMessage(allowance) });
  }
}
