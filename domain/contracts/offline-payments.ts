/**
 * Offline payments (issue 15): a global admin or super user records cash or a cheque handed to
 * them for any purchase a checkout sells. The purchase is the checkout's own body (DESIGN §3b),
 * priced by the server exactly as a checkout would be; staff never type the amount.
 */
import { z } from 'zod';
import { OFFLINE_METHODS } from '../constants';
import { ZDependentsCheckout } from './family';
import { ZLine } from './fields';
import { ZRegistrationCheckout, ZRenewalCheckout } from './members';
import {
  ZMemberTicketCheckout,
  ZMoney,
  ZNonMemberTicketCheckout,
  ZPaymentRecord,
  ZTableCheckout,
} from './payments';

export const CHEQUE_NUMBER_REQUIRED_MESSAGE = 'Please enter the cheque number.';
export const CHEQUE_NUMBER_MAX = 40;

export const ZOfflineMethod = z.enum(OFFLINE_METHODS);

/** What an offline payment may buy: every checkout kind, with the checkout's own fields. */
export const ZOfflinePurchase = z.discriminatedUnion('kind', [
  ZRegistrationCheckout,
  ZRenewalCheckout,
  ZDependentsCheckout,
  ZMemberTicketCheckout,
  ZNonMemberTicketCheckout,
  ZTableCheckout,
]);
export type TOfflinePurchase = z.input<typeof ZOfflinePurchase>;

/** `POST /api/payments/offline`: cash has no number; a cheque is known by its number. */
export const ZOfflinePaymentRequest = z
  .object({
    method: ZOfflineMethod,
    chequeNumber: ZLine()
      .max(CHEQUE_NUMBER_MAX, `At most ${CHEQUE_NUMBER_MAX} characters.`)
      .optional()
      .transform((text) => text || undefined),
    purchase: ZOfflinePurchase,
  })
  .superRefine((request, ctx) => {
    if (request.method === 'cheque' && !request.chequeNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['chequeNumber'],
        message: CHEQUE_NUMBER_REQUIRED_MESSAGE,
      });
    }
  })
  .transform((request) => ({
    ...request,
    // A number typed before switching to cash is not kept: cash has none
    chequeNumber: request.method === 'cheque' ? (request.chequeNumber ?? null) : null,
  }));
export type TOfflinePaymentRequest = z.input<typeof ZOfflinePaymentRequest>;

export const ZOfflinePaymentAnswer = z.object({
  transactionID: z.string(),
  /** What was collected, as the server priced it. */
  amount: ZMoney,
  /** The confirmed payment, with its door code for tickets; its receipt is e-mailed to `email`. */
  payment: ZPaymentRecord,
});
export type TOfflinePaymentAnswer = z.infer<typeof ZOfflinePaymentAnswer>;

/** `POST /api/payments/offline/quote`: what recording this purchase would collect now; nothing is kept. */
export const ZOfflineQuoteRequest = z.object({ purchase: ZOfflinePurchase });
export type TOfflineQuoteRequest = z.input<typeof ZOfflineQuoteRequest>;

export const ZOfflineQuote = z.object({
  amount: ZMoney,
  productName: z.string(),
  /** Where the receipt will be e-mailed. */
  email: z.string(),
});
export type TOfflineQuote = z.infer<typeof ZOfflineQuote>;
