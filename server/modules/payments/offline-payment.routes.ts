import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZOfflinePaymentAnswer,
  ZOfflinePaymentRequest,
  ZOfflineQuote,
  ZOfflineQuoteRequest,
} from '../../../domain/contracts/offline-payments';
import { ALLOW } from '../../lib/access';
import { quoteOfflinePayment, recordOfflinePayment } from './offline-payment.service';
import type { TPaymentProvider } from './providers/types';
import { paymentDeps } from './request-deps';

/** Offline payments (issue 15): DESIGN §3c gives them to global admins and super users only. */
export function offlinePaymentRoutes(provider: TPaymentProvider): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/payments/offline',
      {
        config: { allow: ALLOW.admins },
        schema: {
          tags: ['payments'],
          summary:
            'Record cash or a cheque for a purchase: priced like its checkout, confirmed at once, receipt e-mailed',
          body: ZOfflinePaymentRequest,
          response: { 200: ZOfflinePaymentAnswer },
        },
      },
      async (request) => recordOfflinePayment(paymentDeps(request, provider), request.body),
    );
    app.post(
      '/payments/offline/quote',
      {
        config: { allow: ALLOW.admins },
        schema: {
          tags: ['payments'],
          summary: 'What recording this purchase offline would collect now; nothing is kept',
          body: ZOfflineQuoteRequest,
          response: { 200: ZOfflineQuote },
        },
      },
      async (request) => quoteOfflinePayment(paymentDeps(request, provider), request.body.purchase),
    );
  };
}
