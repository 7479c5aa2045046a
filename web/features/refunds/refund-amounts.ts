import { parseMoney } from '../../../domain/money';

/** A payment's money as the wire carries it: what was paid and what refunds gave back. */
export interface TRefundable {
  transactionID: string;
  status: string;
  price: string;
  refunded: string;
}

/** Cents still to refund: nothing unless the payment is confirmed. */
export function leftToRefund(payment: TRefundable): number {
  if (payment.status !== 'payment done') return 0;
  return Math.max(0, (parseMoney(payment.price) ?? 0) - (parseMoney(payment.refunded) ?? 0));
}

/** Why a typed amount cannot be refunded, or null when it can. */
export function amountProblem(text: string, left: number): 'amount' | 'aboveLeft' | null {
  const cents = parseMoney(text);
  if (cents === null || cents <= 0) return 'amount';
  return cents > left ? 'aboveLeft' : null;
}
