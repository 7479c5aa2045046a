/**
 * Refunds by staff (DESIGN §3c: admins and super users), in full or in part, on top of the
 * refund records the automatic refund already writes (refund.service.ts).
 *
 * The payment row is locked for the whole refund: the refunds already made are summed, the
 * amount is checked against what is left, the provider gives the money back (idempotent by the
 * request's key) and the record is written, all before the lock ends. Two refunds of one payment
 * therefore queue, and the second sees the first: together they never exceed the payment. The
 * same request key answers the refund it already made (a double click refunds once).
 *
 * A refund that completes the payment releases what it paid for: its tickets and seats follow the
 * 'refunded' status (seat counts and the door read it), the kind gives back the rest (paid-for
 * dependent slots), the event lists are refreshed and the freed seats go to the waiting list.
 */
import { eq, sum } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import { REFUND_MESSAGES, type TRefundMade } from '../../../domain/contracts/refunds';
import { centsToDecimal, formatMoney } from '../../../domain/money';
import type { TTx } from '../../db/client';
import { refunds, type TPaymentRow, type TRefundRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { changingEventLists } from '../events/event-list-cache';
import { offerSeatsFreedBy, type TPaymentDeps } from './confirm.service';
import { kindOf } from './kinds';
import { lockPayment } from './payment-store';
import { loadPaymentView, presentPayment } from './present-payment';
import type { TPaymentProvider } from './providers/types';
import { recordRefund } from './refund.service';

export interface TStaffRefund {
  /** Cents to give back; 'rest' gives back all that is left (refunding every buyer). */
  amountCents: number | 'rest';
  reason: string;
  requestKey: string;
}

/** The provider that took a payment's money, or null when this server does not run it. */
export type TProviderOf = (name: TPaymentRow['provider']) => TPaymentProvider | null;

export async function refundedCentsOf(tx: TTx, paymentId: number): Promise<number> {
  const [{ total }] = await tx
    .select({ total: sum(refunds.amountCents) })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return Number(total ?? 0);
}

/** The provider's idempotency key of one staff refund: the same request gives the same refund. */
export function staffRefundKey(transactionId: string, requestKey: string): string {
  return `refund_${transactionId}_${requestKey}`;
}

/** The refund this request already made, if any; a key is never reused for another payment. */
async function refundOfRequest(
  tx: TTx,
  paymentId: number,
  requestKey: string,
): Promise<TRefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.requestKey, requestKey));
  if (row && row.paymentId !== paymentId) throw conflict(REFUND_MESSAGES.keyReused);
  return row;
}

/** What is left to refund, or the refusal in the treasurer's words. */
function amountToRefund(payment: TPaymentRow, refunded: number, asked: number | 'rest'): number {
  if (payment.status === 'refunded') throw conflict(REFUND_MESSAGES.nothingLeft);
  if (payment.status !== PAYMENT_STATUS_DONE) throw conflict(REFUND_MESSAGES.notRefundable);
  const left = payment.amountCents - refunded;
  if (left <= 0) throw conflict(REFUND_MESSAGES.nothingLeft);
  if (asked === 'rest') return left;
  if (asked > left) {
    const message = REFUND_MESSAGES.aboveLeft(formatMoney(left));
    throw conflict(message, { amount: message });
  }
  return asked;
}

interface TRefundOutcome {
  refund: TRefundRow;
  payment: TPaymentRow;
  /** This call made the refund and it completed the payment: seats are free now. */
  released: boolean;
}

export async function refundPayment(
  deps: TPaymentDeps,
  providerOf: TProviderOf,
  transactionId: string,
  request: TStaffRefund,
): Promise<TRefundMade> {
  const { app, audit } = deps;
  const now = app.clock.now();
  const outcome = await changingEventLists(
    app.db.transaction(async (tx): Promise<TRefundOutcome> => {
      const payment = await lockPayment(tx, transactionId);
      if (!payment) throw notFound('payment');
      const earlier = await refundOfRequest(tx, payment.id, request.requestKey);
      if (earlier) return { refund: earlier, payment, released: false };

      const amountCents = amountToRefund(
        payment,
        await refundedCentsOf(tx, payment.id),
        request.amountCents,
      );
      const provider = providerOf(payment.provider);
      if (!provider) throw conflict(REFUND_MESSAGES.otherProvider);
      const { providerRefundId } = await provider.refund(payment, {
        amountCents,
        idempotencyKey: staffRefundKey(transactionId, request.requestKey),
      });
      const kind = kindOf(payment.kind);
      const recorded = await recordRefund(
        tx,
        payment,
        {
          amountCents,
          reason: request.reason,
          providerRefundId,
          summary: await kind.describe(tx, payment),
          requestKey: request.requestKey,
        },
        { audit, config: app.config, now },
      );
      if (recorded.full)
        await kind.release?.(tx, recorded.payment, {
          config: app.config,
          now,
          principal: deps.principal,
        });
      return { refund: recorded.refund, payment: recorded.payment, released: recorded.full };
    }),
  );
  if (outcome.released) await offerSeatsFreedBy(deps, outcome.payment);
  return {
    message: REFUND_MESSAGES.refunded,
    refund: {
      id: outcome.refund.id,
      amount: centsToDecimal(outcome.refund.amountCents),
      reason: outcome.refund.reason,
      created_at: outcome.refund.createdAt.toISOString(),
    },
    payment: presentPayment(await loadPaymentView(app.db, outcome.payment.id)),
  };
}
