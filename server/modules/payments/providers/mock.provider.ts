import type { TPaymentProvider } from './types';

/**
 * The app's own test checkout (`#/checkout/mock/<transactionID>`): its page posts the card to
 * `POST /api/payments/mock/:transactionID/confirm`, which confirms directly. Nothing is charged
 * anywhere, so there is nothing to ask or refund: a purchase that no longer fits is not charged.
 */
export function createMockProvider(): TPaymentProvider {
  return {
    name: 'mock',
    chargesBeforeConfirm: false,
    refusalNote: 'Your card was not charged.',
    async createSession(payment) {
      return { checkoutUrl: `#/checkout/mock/${payment.transactionId}`, providerReference: null };
    },
    // The mock page's confirm call is the only way a mock payment is paid
    async isPaid() {
      return false;
    },
    async refund(payment, request) {
      if (payment.confirmedAt === null)
        throw new Error(
          `The mock provider charged nothing for ${payment.transactionId} to refund.`,
        );
      return { providerRefundId: `mock_re_${request.idempotencyKey}` };
    },
  };
}

/** The mock provider's test cards (DESIGN §4.2), digits only. */
export const MOCK_CARDS = { pays: '4242424242424242', declines: '4000000000000002' } as const;
