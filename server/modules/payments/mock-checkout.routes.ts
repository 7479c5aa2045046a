import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZMockCancelAnswer,
  ZMockCardPayment,
  ZMockCheckout,
  ZMockConfirmAnswer,
  ZTransactionParams,
} from '../../../domain/contracts/payments';
import { ALLOW } from '../../lib/access';
import { cancelMockCheckout, mockCheckoutView, payWithMockCard } from './mock-checkout.service';
import type { TPaymentProvider } from './providers/types';
import { paymentDeps } from './request-deps';

/** The mock provider's page (public: the buyer holds the unguessable transaction id). */
export function mockCheckoutRoutes(provider: TPaymentProvider): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments: mock provider'];

    app.get(
      '/payments/mock/:transactionID',
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary: 'What the mock checkout page shows',
          params: ZTransactionParams,
          response: { 200: ZMockCheckout },
        },
      },
      async (request) =>
        mockCheckoutView(paymentDeps(request, provider), request.params.transactionID),
    );

    app.post(
      '/payments/mock/:transactionID/confirm',
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary:
            'Pay with a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (402)',
          params: ZTransactionParams,
          body: ZMockCardPayment,
          response: { 200: ZMockConfirmAnswer },
        },
      },
      async (request) =>
        payWithMockCard(paymentDeps(request, provider), request.params.transactionID, request.body),
    );

    app.post(
      '/payments/mock/:transactionID/cancel',
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary: 'Cancel the checkout',
          params: ZTransactionParams,
          response: { 200: ZMockCancelAnswer },
        },
      },
      async (request) =>
        cancelMockCheckout(paymentDeps(request, provider), request.params.transactionID),
    );
  };
}
