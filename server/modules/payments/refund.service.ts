/**
 * Refunds (DESIGN §4.5, §4.6). Money given back is a record of its own in `refunds`, one per
 * refund made at the provider; the payment turns 'refunded' when its refunds add up to its
 * amount. The automatic refund of a paid purchase that no longer fits is the first user; a
 * partial refund by staff later is one more record through the same function.
 */
import { eq, sum } from 'drizzle-orm';
import { formatMoney } from '../../../domain/money';
import type { TConfig } from '../../config';
import type { TTx } from '../../db/client';
import { refunds, type TPaymentRow, type TRefundRow } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { enqueueMail, type TMailMessage } from '../mail/outbox';
import { recordPaymentEvent, updatePayment } from './payment-store';
import { REFUND_WORDS } from './refund-words';

export function refundDedupeKey(refundId: number): string {
  return `refund:${refundId}`;
}

export interface TRefundInput {
  amountCents: number;
  /** Why, in the buyer's words (it goes into their e-mail). */
  reason: string;
  providerRefundId: string;
  /** One line of what was bought, as on the receipt. */
  summary: string;
  /** Kept on the payment when this refund completes it (what the success screen tells). */
  failureReason?: string;
  /** The staff request that asked for it: one refund per key (a double click asks twice). */
  requestKey?: string;
}

export interface TRecordedRefund {
  payment: TPaymentRow;
  refund: TRefundRow;
  /** The refunds now add up to the payment: it is 'refunded'. */
  full: boolean;
}

export function buildRefundMail(
  payment: TPaymentRow,
  input: { amountCents: number; reason: string; summary: string; full: boolean; config: TConfig },
): TMailMessage {
  const { config } = input;
  // In the language the buyer used at checkout, as the receipt is
  const words = REFUND_WORDS[payment.language];
  const text = [
    `${config.orgName}: ${input.full ? words.full : words.partial}`,
    '',
    `${words.purchase}: ${input.summary}`,
    `${words.amount}: ${formatMoney(input.amountCents, payment.language)}`,
    `${words.transactionId}: ${payment.transactionId}`,
    `${words.why}: ${input.reason}`,
    '',
    payment.provider === 'offline' ? words.inHand : words.card,
  ].join('\n');
  return {
    to: payment.email,
    subject: words.subject(config.orgName, payment.transactionId),
    text,
  };
}

/**
 * Records a refund the provider made, in the caller's transaction with the payment row locked:
 * the refund row, the status change when the refunds now cover the amount, the event, the audit
 * entry and the buyer's one e-mail about it (outbox, deduplicated per refund).
 */
export async function recordRefund(
  tx: TTx,
  payment: TPaymentRow,
  input: TRefundInput,
  context: { audit: TAuditContext; config: TConfig; now: Date },
): Promise<TRecordedRefund> {
  const { now } = context;
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountCents: input.amountCents,
      reason: input.reason,
      providerRefundId: input.providerRefundId,
      requestKey: input.requestKey ?? null,
      createdAt: now,
    })
    .returning();
  const [{ total }] = await tx
    .select({ total: sum(refunds.amountCents) })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  const full = Number(total) >= payment.amountCents;
  const updated = await updatePayment(tx, payment.id, {
    ...(full
      ? { status: 'refunded' as const, refundedAt: now, failureReason: input.failureReason }
      : {}),
    updatedAt: now,
  });
  await recordPaymentEvent(tx, payment, {
    type: 'refunded',
    to: updated.status,
    detail: `${formatMoney(input.amountCents)} (${input.providerRefundId}): ${input.reason}`,
    at: now,
  });
  await writeAudit(tx, context.audit, {
    message: `Payment ${payment.transactionId} refunded ${formatMoney(input.amountCents)}${full ? ' in full' : ''}: ${input.reason}`,
  });
  await enqueueMail(tx, buildRefundMail(payment, { ...input, full, config: context.config }), {
    dedupeKey: refundDedupeKey(refund.id),
    now,
  });
  return { payment: updated, refund, full };
}
