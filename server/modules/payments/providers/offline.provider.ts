import type { TPaymentProvider } from './types';

/**
 * Cash or a cheque handed to staff (issue 15). The money is in the admin's hand before anything
 * is recorded, and the payment is created and confirmed in one transaction: there is no session
 * to open and nothing to ask. A purchase that does not fit is refused before anything is kept,
 * so the admin gives the money back; a refund is money handed back, known by its key.
 */
export const OFFLINE_PROVIDER: TPaymentProvider = {
  name: 'offline',
  chargesBeforeConfirm: false,
  refusalNote: 'Nothing was recorded; please give the money back.',
  async createSession(payment) {
    throw new Error(`Offline payment ${payment.transactionId} has no checkout session.`);
  },
  async isPaid(payment) {
    return payment.provider === 'offline';
  },
  async refund(_payment, request) {
    return { providerRefundId: `offline_${request.idempotencyKey}` };
  },
};
