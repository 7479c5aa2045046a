import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ALLOW } from '../../lib/access';
import { anonymousActor } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { TPaymentProvider } from './providers/types';
import { paymentDeps } from './request-deps';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook.service';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /api/payments/stripe/webhook`. The signature is computed over the exact bytes Stripe sent,
 * so this plugin (and only it) keeps JSON bodies as a raw Buffer instead of parsing them.
 */
export function stripeWebhookRoutes(
  provider: TPaymentProvider,
  stripe: Stripe | null,
): FastifyPluginAsync {
  return async (instance) => {
    instance.removeContentTypeParser('application/json');
    instance.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/payments/stripe/webhook',
      {
        // Public: Stripe signs the call; the signature and a re-read of the session are the guard
        config: { allow: ALLOW.public },
        schema: {
          tags: ['payments: stripe'],
          summary: 'Stripe webhook (signed); confirms a checkout after re-reading its session',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const secret = app.ctx.config.stripe.webhookSecret;
        if (!stripe || !secret) throw notFound('webhook');
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = verifyStripeEvent(
          stripe,
          raw,
          Array.isArray(signature) ? signature[0] : signature,
          secret,
        );
        const actor = { ...anonymousActor('', request.ip), user: 'Stripe webhook' };
        await handleStripeEvent(paymentDeps(request, provider, actor), stripe, event);
        return { received: true as const };
      },
    );
  };
}
