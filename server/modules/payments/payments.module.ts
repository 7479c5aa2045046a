import type { FastifyPluginAsync } from 'fastify';
import { checkoutRoutes } from './checkout.routes';
import historyRoutes from './history.routes';
import { mockCheckoutRoutes } from './mock-checkout.routes';
import { offlinePaymentRoutes } from './offline-payment.routes';
import { createMockProvider } from './providers/mock.provider';
import { recordRoutes } from './records.routes';
import { refundRoutes } from './refunds.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/** Payments (DESIGN §4): the provider is chosen once, from PAYMENT_PROVIDER, for every route. */
const paymentsModule: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  // Stripe's SDK (0.3 s, 10 MB) is loaded only by a server configured for it
  const stripeProvider =
    config.paymentProvider === 'stripe' ? await import('./providers/stripe.provider') : null;
  const stripe = stripeProvider ? stripeProvider.stripeClient(config) : null;
  const provider =
    stripeProvider && stripe
      ? stripeProvider.createStripeProvider(config, stripe)
      : createMockProvider();
  await app.register(checkoutRoutes(provider));
  await app.register(mockCheckoutRoutes(provider));
  await app.register(stripeWebhookRoutes(provider, stripe));
  await app.register(recordRoutes(provider));
  await app.register(refundRoutes(provider));
  await app.register(historyRoutes);
  await app.register(offlinePaymentRoutes(provider));
};

export default paymentsModule;
