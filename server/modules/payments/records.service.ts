/**
 * The success screens' record calls and the payment reads (spec 01 §3, §4; DESIGN §4.4). They
 * never create or upgrade money: each answers the payment the provider confirmed, as stored, and
 * the first record sets `recorded_at`. A pending, failed, unknown or forged transaction, or one of
 * another kind or member than the call names, is answered 402 PAYMENT_REQUIRED; the message tells
 * the screen whether to ask again (pending), stop (unknown) or say why (domain's
 * notConfirmedStateOf).
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE, type TCheckoutKind } from '../../../domain/constants';
import {
  PAYMENT_NOT_CONFIRMED_MESSAGE,
  PAYMENT_UNKNOWN_MESSAGE,
  type TPaymentRecord,
} from '../../../domain/contracts/payments';
import { payments, type TPaymentRow } from '../../db/schema';
import { assertMemberAccess } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import type { TPaymentDeps } from './confirm.service';
import { assertMayReadPayment } from './payment-access';
import { findPayment } from './payment-store';
import { loadPaymentView, presentPayment, selectPaymentViews, toView } from './present-payment';
import { settleWithProvider } from './settle.service';

/** Which kinds each record call accepts. */
export const RECORD_KINDS = {
  nonMemberTicket: ['nonmember-ticket'],
  table: ['table-for-10'],
  memberTicket: ['member-ticket'],
  /** `POST /api/payment`: the registration and renewal screens. */
  membership: ['registration', 'renewal'],
  renewal: ['renewal'],
  dependents: ['dependents'],
  /** `PUT /api/memberPaymentLimited/:id`: any membership payment of the member. */
  memberPayments: ['registration', 'renewal', 'dependents'],
  donation: ['donation'],
  /** `GET /api/payment/:id` and `GET /api/nonmember/paymentnonmember/:id`. */
  any: [
    'registration',
    'renewal',
    'dependents',
    'member-ticket',
    'nonmember-ticket',
    'table-for-10',
    'donation',
  ],
} as const satisfies Record<string, readonly TCheckoutKind[]>;

export interface TPaymentQuery {
  transactionId: string;
  kinds: readonly TCheckoutKind[];
  /** The member the call names (payment_dependent's member_id, memberrenew/:id). */
  memberId?: number;
}

function notConfirmed(payment?: TPaymentRow): AppError {
  const reason = payment?.failureReason;
  return new AppError(
    'PAYMENT_REQUIRED',
    reason ? `${PAYMENT_NOT_CONFIRMED_MESSAGE} ${reason}` : PAYMENT_NOT_CONFIRMED_MESSAGE,
  );
}

/** The confirmed payment the query names, after the caller's access is checked. */
async function confirmedPayment(deps: TPaymentDeps, query: TPaymentQuery): Promise<TPaymentRow> {
  const { app, principal } = deps;
  const payment = await findPayment(app.db, query.transactionId);
  const matches =
    payment &&
    query.kinds.includes(payment.kind) &&
    (query.memberId === undefined || payment.memberId === query.memberId);
  // Unknown answers at once: a made-up id must not keep a screen asking for a minute
  if (!payment || !matches) throw new AppError('PAYMENT_REQUIRED', PAYMENT_UNKNOWN_MESSAGE);
  if (query.memberId !== undefined) assertMemberAccess(principal, query.memberId);
  assertMayReadPayment(payment, principal);
  if (payment.status === PAYMENT_STATUS_DONE) return payment;
  // With Stripe the browser can arrive before the webhook, or after our hold lapsed while the buyer
  // was still paying at Stripe: ask Stripe, not the browser (a late payment is refunded there)
  if (payment.status === 'pending' || payment.status === 'expired') {
    const outcome = await settleWithProvider(deps, payment.transactionId);
    if (outcome?.result === 'confirmed') return outcome.payment;
    if (outcome) throw notConfirmed(outcome.payment);
  }
  throw notConfirmed(payment);
}

/** A record call: the stored payment, `recorded_at` set the first time. */
export async function recordPayment(
  deps: TPaymentDeps,
  query: TPaymentQuery,
): Promise<TPaymentRecord> {
  const { app } = deps;
  const payment = await confirmedPayment(deps, query);
  if (payment.recordedAt === null) {
    await app.db
      .update(payments)
      .set({ recordedAt: app.clock.now() })
      .where(and(eq(payments.id, payment.id), isNull(payments.recordedAt)));
  }
  return presentPayment(await loadPaymentView(app.db, payment.id));
}

/** A read: the stored, confirmed payment, unchanged. */
export async function readPayment(
  deps: TPaymentDeps,
  query: TPaymentQuery,
): Promise<TPaymentRecord> {
  const payment = await confirmedPayment(deps, query);
  return presentPayment(await loadPaymentView(deps.app.db, payment.id));
}

/** `GET /api/nonmember/memberrenew/:id`: the member's latest confirmed renewal. */
export async function latestRenewal(deps: TPaymentDeps, memberId: number): Promise<TPaymentRecord> {
  assertMemberAccess(deps.principal, memberId);
  const [row] = await selectPaymentViews(
    deps.app.db,
    and(
      eq(payments.memberId, memberId),
      inArray(payments.kind, RECORD_KINDS.renewal),
      eq(payments.status, PAYMENT_STATUS_DONE),
    ),
  )
    .orderBy(desc(payments.confirmedAt), desc(payments.id))
    .limit(1);
  if (!row) throw notFound('renewal payment');
  return presentPayment(toView(row));
}
