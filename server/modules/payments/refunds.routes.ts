import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEventRefunds } from '../../../domain/contracts/events';
import {
  ZEventRefundParams,
  ZRefundMade,
  ZRefundParams,
  ZRefundRequest,
} from '../../../domain/contracts/refunds';
import { ALLOW } from '../../lib/access';
import { refundEventBuyers } from './event-refunds.service';
import { createMockProvider } from './providers/mock.provider';
import { OFFLINE_PROVIDER } from './providers/offline.provider';
import type { TPaymentRow } from '../../db/schema';
import type { TPaymentProvider } from './providers/types';
import { paymentDeps } from './request-deps';
import { refundPayment, type TProviderOf } from './staff-refund.service';

/**
 * Refunds by staff (DESIGN §3c): global admins and super users only; temporary admins see refunds
 * in the payment screens but are refused here. A payment is refunded through the provider that
 * took it: the configured one, the mock provider for demo payments made before a switch, or, for
 * cash and cheques, the offline one (the admin hands the money back).
 */
export function refundRoutes(provider: TPaymentProvider): FastifyPluginAsync {
  const providers: Partial<Record<TPaymentRow['provider'], TPaymentProvider>> = {
    mock: provider.name === 'mock' ? provider : createMockProvider(),
    offline: OFFLINE_PROVIDER,
    [provider.name]: provider,
  };
  const providerOf: TProviderOf = (name) => providers[name] ?? null;
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments: refunds'];

    app.post(
      '/payments/:transactionID/refunds',
      {
        config: { allow: ALLOW.admins },
        schema: {
          tags,
          summary:
            'Refund a confirmed payment in full or in part (never above what is left; the same requestKey refunds once)',
          params: ZRefundParams,
          body: ZRefundRequest,
          response: { 200: ZRefundMade },
        },
      },
      async (request) =>
        refundPayment(paymentDeps(request, provider), providerOf, request.params.transactionID, {
          amountCents: request.body.amount,
          reason: request.body.reason,
          requestKey: request.body.requestKey,
        }),
    );

    app.post(
      '/event/:id/refundbuyers',
      {
        config: { allow: ALLOW.admins },
        schema: {
          tags,
          summary:
            'Refund every buyer of a cancelled event in full (each its own refund; failures reported; safe to run again)',
          params: ZEventRefundParams,
          response: { 200: ZEventRefunds },
        },
      },
      async (request) =>
        refundEventBuyers(paymentDeps(request, provider), providerOf, request.params.id),
    );
  };
}
