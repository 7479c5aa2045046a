import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TCheckoutKind } from '../../../domain/constants';
import { ZMemberSignInResponse } from '../../../domain/contracts/auth';
import { ZCheckoutAnswer, ZRegistrationSignInRequest } from '../../../domain/contracts/payments';
import { ALLOW } from '../../lib/access';
import { originOf } from '../auth/origin';
import { startCheckout } from './checkout.service';
import { signInAfterRegistration } from './registration-sign-in.service';
import { CHECKOUT_KIND_REGISTRY } from './kinds';
import type { TPaymentProvider } from './providers/types';
import { paymentDeps } from './request-deps';

/**
 * The body is one of the registered kinds' schemas, chosen by `kind`, so the OpenAPI document
 * lists every kind's fields and a wrong field is named in the 400 answer.
 */
function checkoutBody() {
  const bodies = CHECKOUT_KIND_REGISTRY.map((def) => def.body);
  // Every kind's body is a zod object with a `kind` literal (TCheckoutKindDef); zod's tuple type
  // cannot be inferred from a registry list
  return z.discriminatedUnion(
    'kind',
    bodies as unknown as [z.ZodObject, ...z.ZodObject[]],
  ) as unknown as z.ZodType<{
    kind: TCheckoutKind;
  }>;
}

export function checkoutRoutes(provider: TPaymentProvider): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/checkout',
      {
        // DESIGN §3c per kind: checked in the service (members for their own family, joining anonymous)
        config: { allow: ALLOW.public },
        schema: {
          tags: ['payments'],
          summary: 'Start a checkout: the server prices it and answers where to pay',
          body: checkoutBody(),
          response: { 200: ZCheckoutAnswer },
        },
      },
      async (request) => startCheckout(paymentDeps(request, provider), request.body),
    );
    app.post(
      '/checkout/registration/session',
      {
        // The secret is the credential: only the browser that started the registration holds it
        config: { allow: ALLOW.public },
        schema: {
          tags: ['payments'],
          summary:
            "Sign the new member in once their registration's payment is confirmed (one-time secret from POST /api/checkout)",
          body: ZRegistrationSignInRequest,
          response: { 200: ZMemberSignInResponse },
        },
      },
      async (request) => signInAfterRegistration(app.ctx, request.body, originOf(request)),
    );
  };
}
