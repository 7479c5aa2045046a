/**
 * Stripe Checkout (DESIGN §4). A session is created with the transaction id as idempotency key
 * and metadata; the signed webhook only tells us to look: the session is re-read from Stripe and
 * confirmed only when Stripe says it is paid, for the amount we priced.
 */
import Stripe from 'stripe';
import type { TConfig } from '../../../config';
import type { TPaymentRow } from '../../../db/schema';
import { PAYMENT_REFUNDED_NOTE } from '../../../../domain/contracts/payments';
import type { TPaymentProvider } from './types';

// A Stripe session must live at least 30 minutes; ours expires at 30, so Stripe's gets a minute more
const STRIPE_EXPIRY_MARGIN_S = 60;

export function stripeClient(config: TConfig): Stripe {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe.');
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** The session as Stripe reports it now: paid, for our transaction, for the amount we priced. */
export function isSessionPaidFor(session: Stripe.Checkout.Session, payment: TPaymentRow): boolean {
  return (
    session.payment_status === 'paid' &&
    session.metadata?.transactionID === payment.transactionId &&
    session.amount_total === payment.amountCents
  );
}

export function createStripeProvider(
  config: TConfig,
  stripe = stripeClient(config),
): TPaymentProvider {
  const retrieve = (payment: TPaymentRow) => {
    if (!payment.providerReference)
      throw new Error(`Payment ${payment.transactionId} has no Stripe session.`);
    return stripe.checkout.sessions.retrieve(payment.providerReference);
  };
  return {
    name: 'stripe',
    chargesBeforeConfirm: true,
    refusalNote: PAYMENT_REFUNDED_NOTE,
    async createSession(payment, request) {
      const expiresAt = payment.expiresAt ?? new Date(Date.now() + 30 * 60_000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: payment.email,
          client_reference_id: payment.transactionId,
          metadata: { transactionID: payment.transactionId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: payment.amountCents,
                product_data: { name: request.summary.slice(0, 250) },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_S,
        },
        { idempotencyKey: payment.transactionId },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL.`);
      return { checkoutUrl: session.url, providerReference: session.id };
    },
    async isPaid(payment) {
      return isSessionPaidFor(await retrieve(payment), payment);
    },
    async refund(payment, request) {
      const session = await retrieve(payment);
      const intent = session.payment_intent;
      if (!intent) throw new Error(`Stripe session ${session.id} has no payment to refund.`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: typeof intent === 'string' ? intent : intent.id,
          amount: request.amountCents,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },
  };
}
