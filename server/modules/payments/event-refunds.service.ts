/**
 * "Refund every buyer" of a cancelled event (DESIGN §3c: admins): every confirmed ticket payment
 * of the event is refunded in full, each in its own transaction with its own record, audit entry
 * and e-mail (staff-refund.service.ts). One failing refund is reported and the others go on. The
 * request key is the event and payment, so running it again refunds nothing twice: a payment
 * refunded in full is counted, one refunded in part gets what is left.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TEventRefunds } from '../../../domain/contracts/events';
import { REFUND_MESSAGES } from '../../../domain/contracts/refunds';
import { events, payments, TICKET_KINDS } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { TPaymentDeps } from './confirm.service';
import { refundPayment, type TProviderOf } from './staff-refund.service';

export function eventRefundKey(eventId: number, paymentId: number): string {
  return `event-${eventId}-payment-${paymentId}`;
}

export async function refundEventBuyers(
  deps: TPaymentDeps,
  providerOf: TProviderOf,
  eventId: number,
): Promise<TEventRefunds> {
  const { db } = deps.app;
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.deletedAt !== null) throw notFound('event');
  if (event.status !== 'cancelled') throw conflict(REFUND_MESSAGES.eventNotCancelled);
  const paid = await db
    .select({ id: payments.id, transactionId: payments.transactionId, status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.eventId, eventId),
        inArray(payments.kind, [...TICKET_KINDS]),
        inArray(payments.status, [PAYMENT_STATUS_DONE, 'refunded']),
        isNotNull(payments.confirmedAt),
      ),
    )
    .orderBy(asc(payments.id));
  const answer: TEventRefunds = { refunded: 0, alreadyRefunded: 0, failed: [] };
  for (const payment of paid) {
    if (payment.status === 'refunded') {
      answer.alreadyRefunded += 1;
      continue;
    }
    try {
      await refundPayment(deps, providerOf, payment.transactionId, {
        amountCents: 'rest',
        reason: REFUND_MESSAGES.eventReason(event.name),
        requestKey: eventRefundKey(eventId, payment.id),
      });
      answer.refunded += 1;
    } catch (error) {
      deps.log.error({ err: error, transactionId: payment.transactionId }, 'event refund failed');
      answer.failed.push({
        transactionID: payment.transactionId,
        message:
          error instanceof AppError ? error.message : 'The payment provider refused the refund.',
      });
    }
  }
  return answer;
}
