/**
 * For a provider that takes the money before we confirm (Stripe): confirm when the provider, asked
 * by us, says the payment is paid; give the money back when a paid purchase can no longer be
 * confirmed (seats sold meanwhile, checkout expired). Used by the webhook and by the success
 * screens' record calls, which may arrive before the webhook.
 */
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TPaymentRow } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { confirmPayment, type TConfirmOutcome, type TPaymentDeps } from './confirm.service';
import { findPayment, lockPayment, updatePayment } from './payment-store';

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
  await provider.refund(outcome.payment);
  const refunded = await markRefunded(deps, transactionId, outcome.reason);
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
    const refunded = await updatePayment(tx, payment.id, {
      status: 'refunded',
      refundedAt: now,
      failureReason: note,
      updatedAt: now,
    });
    await writeAudit(tx, audit, { message: `Payment ${transactionId} refunded: ${reason}` });
    return refunded;
  });
}
