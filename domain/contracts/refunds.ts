/**
 * Refunds by staff (DESIGN §3c: global admins and super users; temporary admins see refunds but
 * may not make them). The server decides every amount: a refund never exceeds what is left of the
 * payment, and the same `requestKey` (a double click) makes one refund, answered again.
 */
import { z } from 'zod';
import { parseMoney } from '../money';
import { ZId, ZLine } from './fields';
import { ZMoney } from './events';
import { ZPaymentRecord, ZTransactionId } from './payments';

export const REFUND_MESSAGES = {
  amount: 'Enter an amount such as 12.50.',
  reasonRequired: 'Give a reason for the refund.',
  notRefundable: 'Only a confirmed payment can be refunded.',
  nothingLeft: 'This payment is already refunded in full.',
  aboveLeft: (left: string) => `At most ${left} is left to refund on this payment.`,
  otherProvider: 'This payment was made with a provider this server does not use; refund it there.',
  refunded: 'The refund is made.',
  keyReused: 'This refund request was already used for another payment; open the refund again.',
  eventNotCancelled: 'Cancel the event first; then every buyer can be refunded.',
  eventReason: (eventName: string) => `The event ${eventName} is cancelled.`,
} as const;

/** How a payment stands with refunds: derived from its status and its refund records. */
export const REFUND_STATES = ['none', 'partial', 'full'] as const;
export type TRefundState = (typeof REFUND_STATES)[number];

export function refundStateOf(status: string, refundedCents: number): TRefundState {
  if (status === 'refunded') return 'full';
  return refundedCents > 0 ? 'partial' : 'none';
}

const ZRefundAmount = z.union([ZLine().max(20), z.number()]).transform((value, ctx) => {
  const cents = parseMoney(String(value));
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: REFUND_MESSAGES.amount });
    return z.NEVER;
  }
  return cents;
});

/** `POST /api/payments/:transactionID/refunds`. */
export const ZRefundRequest = z.object({
  /** Dollars as typed ("12.50"); more than is left is refused. */
  amount: ZRefundAmount,
  reason: ZLine().min(1, REFUND_MESSAGES.reasonRequired).max(500),
  /** Chosen by the browser once per dialog: the same key never refunds twice. */
  requestKey: ZLine().min(8).max(100),
});
export type TRefundRequest = z.input<typeof ZRefundRequest>;

export const ZRefundParams = z.object({ transactionID: ZTransactionId });

export const ZRefundMade = z.object({
  message: z.string(),
  refund: z.object({
    id: z.number().int(),
    amount: ZMoney,
    reason: z.string(),
    created_at: z.string(),
  }),
  payment: ZPaymentRecord,
});
export type TRefundMade = z.infer<typeof ZRefundMade>;

/** `POST /api/event/:id/refundbuyers` answers ZEventRefunds (contracts/events.ts). */
export const ZEventRefundParams = z.object({ id: ZId });
