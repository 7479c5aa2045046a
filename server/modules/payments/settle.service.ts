/**
 * For a provider that takes the money before we confirm (Stripe): confirm when the provider, asked
 * by us, says the payment is paid; give the money back when a paid purchase can no longer be
 * confirmed (seats sold meanwhile, checkout expired). Used by the webhook and by the success
 * screens' record calls, which may arrive before the webhook.
 */
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TPaymentRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import {
  confirmPayment,
  offerSeatsFreedBy,
  type TConfirmOutcome,
  type TPaymentDeps,
} from './confirm.service';
import { kindOf } from './kinds';
import { findPayment, lockPayment } from './payment-store';
import { recordRefund } from './refund.service';

/** Answers null when the provider does not (yet) report the payment as paid. */
export async function settleWithProvider(
  deps: TPaymentDeps,
  transactionId: string,
): Promise<TConfirmOutcome | null> {
  const { app, provider } = deps;
  const payment = await findPayment(app.db, transactionId);
  if (!payment) throw notFound('payment');
  if (payment.status === PAYMENT_STATUS_DONE)
    return { result: 'confirmed', payment, alreadyConfirmed: true };
  if (payment.provider !== provider.name || !provider.chargesBeforeConfirm) return null;
  if (payment.status === 'refunded' || payment.status === 'cancelled') return null;
  if (!(await provider.isPaid(payment))) return null;

  const outcome = await confirmPayment(deps, transactionId);
  if (outcome.result === 'confirmed' || !needsRefund(outcome.payment)) return outcome;
  const { providerRefundId } = await provider.refund(outcome.payment, {
    amountCents: outcome.payment.amountCents,
    idempotencyKey: `refund_${transactionId}`,
  });
  const refunded = await markRefunded(deps, transactionId, outcome.reason, providerRefundId);
  await offerSeatsFreedBy(deps, refunded);
  return { result: 'refused', payment: refunded, reason: refunded.failureReason ?? outcome.reason };
}

function needsRefund(payment: TPaymentRow): boolean {
  return (
    (payment.status === 'failed' || payment.status === 'expired') && payment.refundedAt === null
  );
}

async function markRefunded(
  deps: TPaymentDeps,
  transactionId: string,
  reason: string,
  providerRefundId: string,
): Promise<TPaymentRow> {
  const { app, provider, audit } = deps;
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, transactionId);
    if (!payment) throw notFound('payment');
    if (!needsRefund(payment)) return payment;
    const note = reason.includes(provider.refusalNote)
      ? reason
      : `${reason} ${provider.refusalNote}`;
    const recorded = await recordRefund(
      tx,
      payment,
      {
        amountCents: payment.amountCents,
        reason,
        providerRefundId,
        summary: await kindOf(payment.kind).describe(tx, payment),
        failureReason: note,
      },
      { audit, config: app.config, now },
    );
    return recorded.payment;
  });
}
