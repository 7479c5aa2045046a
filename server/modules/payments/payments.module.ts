import type { FastifyPluginAsync } from 'fastify';
import { checkoutRoutes } from './checkout.routes';
import historyRoutes from './history.routes';
import { mockCheckoutRoutes } from './mock-checkout.routes';
import { createMockProvider } from './providers/mock.provider';
import { createStripeProvider, stripeClient } from './providers/stripe.provider';
import { recordRoutes } from './records.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/** Payments (DESIGN §4): the provider is chosen once, from PAYMENT_PROVIDER, for every route. */
const paymentsModule: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const stripe = config.paymentProvider === 'stripe' ? stripeClient(config) : null;
  const provider = stripe ? createStripeProvider(config, stripe) : createMockProvider();
  await app.register(checkoutRoutes(provider));
  await app.register(mockCheckoutRoutes(provider));
  await app.register(stripeWebhookRoutes(provider, stripe));
  await app.register(recordRoutes(provider));
  await app.register(historyRoutes);
};

export default paymentsModule;
