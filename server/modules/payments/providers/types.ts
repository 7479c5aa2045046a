/**
 * A payment provider (DESIGN §4): where the buyer pays. The app never trusts the browser about
 * money; it trusts the provider, asked by the server.
 */
import type { TPaymentRow } from '../../../db/schema';

export interface TProviderSession {
  /** Where the browser goes to pay. */
  checkoutUrl: string;
  /** The provider's id for the session (a Stripe Checkout Session id), kept on the payment. */
  providerReference: string | null;
}

export interface TSessionRequest {
  /** One line of what is bought, shown on the provider's page. */
  summary: string;
  /** Absolute URLs of our screens (Stripe sends the browser back to them). */
  successUrl: string;
  cancelUrl: string;
}

export interface TRefundRequest {
  amountCents: number;
  /** The same key gives the same refund at the provider, however often it is asked. */
  idempotencyKey: string;
}

export interface TPaymentProvider {
  readonly name: 'mock' | 'stripe' | 'offline';
  /**
   * Whether the money is taken before our confirmation runs. Stripe: yes, so a purchase that no
   * longer fits must be refunded. Mock: no, the card is charged only when confirmation succeeds.
   */
  readonly chargesBeforeConfirm: boolean;
  /** What the buyer is told, after the reason, when a purchase no longer fits. */
  readonly refusalNote: string;
  createSession(payment: TPaymentRow, request: TSessionRequest): Promise<TProviderSession>;
  /** Asks the provider, not the browser, whether this payment is paid in full. */
  isPaid(payment: TPaymentRow): Promise<boolean>;
  /**
   * Gives money of a charged payment back (idempotent by the request's key) and answers the
   * provider's id of the refund.
   */
  refund(payment: TPaymentRow, request: TRefundRequest): Promise<{ providerRefundId: string }>;
}
