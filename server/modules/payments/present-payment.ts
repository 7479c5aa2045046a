/** Turns stored payments into the wire shape of the record and read calls (no row leaks out). */
import { eq, type SQL } from 'drizzle-orm';
import type { TPaymentHistoryItem, TPaymentRecord } from '../../../domain/contracts/payments';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { events, members, payments, tickets, type TPaymentRow } from '../../db/schema';
import { refundedCentsOfPayment } from './refunded-cents';

export interface TPaymentView {
  payment: TPaymentRow;
  eventName: string | null;
  ticketCode: string | null;
  refundedCents: number;
  member: { id: number; firstName: string; lastName: string; familyPlanId: string | null } | null;
}

/** The payments with what the screens show beside them; callers add where, order and paging. */
export function selectPaymentViews(db: TDbOrTx, where: SQL | undefined) {
  return db
    .select({
      payment: payments,
      eventName: events.name,
      ticketCode: tickets.code,
      refundedCents: refundedCentsOfPayment,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      familyPlanId: members.familyPlanId,
    })
    .from(payments)
    .leftJoin(events, eq(events.id, payments.eventId))
    .leftJoin(tickets, eq(tickets.paymentId, payments.id))
    .leftJoin(members, eq(members.id, payments.memberId))
    .where(where)
    .$dynamic();
}

type TViewRow = Awaited<ReturnType<typeof selectPaymentViews>>[number];

export function toView(row: TViewRow): TPaymentView {
  const { payment } = row;
  return {
    payment,
    eventName: row.eventName,
    ticketCode: row.ticketCode,
    refundedCents: Number(row.refundedCents),
    member:
      payment.memberId !== null && row.memberFirstName !== null
        ? {
            id: payment.memberId,
            firstName: row.memberFirstName,
            lastName: row.memberLastName ?? '',
            familyPlanId: row.familyPlanId,
          }
        : null,
  };
}

export async function loadPaymentView(db: TDbOrTx, paymentId: number): Promise<TPaymentView> {
  const [row] = await selectPaymentViews(db, eq(payments.id, paymentId));
  return toView(row);
}

export function presentPayment(view: TPaymentView): TPaymentRecord {
  const p = view.payment;
  return {
    id: p.id,
    transactionID: p.transactionId,
    kind: p.kind,
    status: p.status,
    email: p.email,
    productName: p.productName,
    description: p.description,
    paymentType: p.paymentType,
    price: centsToDecimal(p.amountCents),
    dependent: p.dependent,
    memberName: p.memberName,
    contact: p.contact,
    notes: p.notes,
    memberid: p.memberId,
    nonmemberid: p.nonMemberId,
    eventid: p.eventId,
    eventName: view.eventName,
    eventDate: p.eventDate,
    planId: p.planId,
    ticketCode: view.ticketCode,
    failureReason: p.failureReason,
    failedAttempts: p.failedAttempts,
    last_failed_at: p.lastFailedAt?.toISOString() ?? null,
    refunded: centsToDecimal(view.refundedCents),
    method: p.offlineMethod ?? 'card',
    chequeNumber: p.chequeNumber,
    created_at: p.createdAt.toISOString(),
    confirmed_at: p.confirmedAt?.toISOString() ?? null,
    recorded_at: p.recordedAt?.toISOString() ?? null,
  };
}

export function presentHistoryItem(view: TPaymentView): TPaymentHistoryItem {
  return {
    ...presentPayment(view),
    memberID: view.member
      ? {
          MemberId: view.member.id,
          MemberFirstName: view.member.firstName,
          MemberLastName: view.member.lastName,
          FamilyPlanId: view.member.familyPlanId,
        }
      : null,
  };
}
