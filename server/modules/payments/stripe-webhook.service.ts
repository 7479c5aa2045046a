/**
 * Stripe's signed webhook (DESIGN §4.3). The signature proves the call comes from Stripe; even
 * so, the session is re-read from Stripe before anything is confirmed (settleWithProvider), so a
 * replayed or stale event can only ever confirm what Stripe reports as paid now.
 */
import type Stripe from 'stripe';
import { writeAudit } from '../../lib/audit';
import { invalid } from '../../lib/errors';
import { offerSeatsFreedBy, type TPaymentDeps } from './confirm.service';
import { findPayment, lockPayment, recordPaymentEvent, updatePayment } from './payment-store';
import { settleWithProvider } from './settle.service';
import { CHECKOUT_EXPIRED_MESSAGE } from '../../../domain/contracts/payments';

export const BAD_SIGNATURE_MESSAGE = 'The webhook signature is not valid.';

export function verifyStripeEvent(
  stripe: Stripe,
  raw: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw invalid(BAD_SIGNATURE_MESSAGE);
  try {
    return stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw invalid(BAD_SIGNATURE_MESSAGE);
  }
}

export async function handleStripeEvent(
  deps: TPaymentDeps,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const payment = await ourPayment(deps, event.data.object);
      if (payment) await settleWithProvider(deps, payment.transactionId);
      return;
    }
    case 'checkout.session.expired': {
      const payment = await ourPayment(deps, event.data.object);
      if (!payment?.providerReference) return;
      const session = await stripe.checkout.sessions.retrieve(payment.providerReference);
      if (session.status === 'expired') await expireCheckout(deps, payment.transactionId);
      return;
    }
    default:
      return;
  }
}

/** The payment a session event is about, when it is one of ours for that very session. */
async function ourPayment(deps: TPaymentDeps, session: Stripe.Checkout.Session) {
  const transactionId = session.metadata?.transactionID;
  if (!transactionId) return undefined;
  const payment = await findPayment(deps.app.db, transactionId);
  if (!payment || payment.provider !== 'stripe' || payment.providerReference !== session.id) {
    deps.log.warn(
      { sessionId: session.id, transactionId },
      'stripe event for an unknown checkout ignored',
    );
    return undefined;
  }
  return payment;
}

async function expireCheckout(deps: TPaymentDeps, transactionId: string): Promise<void> {
  const { app, audit } = deps;
  const expired = await app.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, transactionId);
    if (payment?.status !== 'pending') return null;
    const now = app.clock.now();
    await updatePayment(tx, payment.id, {
      status: 'expired',
      failureReason: CHECKOUT_EXPIRED_MESSAGE,
      updatedAt: now,
    });
    await recordPaymentEvent(tx, payment, {
      type: 'expired',
      to: 'expired',
      detail: 'Stripe expired the session',
      at: now,
    });
    await writeAudit(tx, audit, { message: `Checkout ${transactionId} expired at Stripe` });
    return payment;
  });
  if (expired) await offerSeatsFreedBy(deps, expired);
}
