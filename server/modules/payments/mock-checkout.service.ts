/**
 * The mock provider's hosted checkout (DESIGN §4.2): its page reads what is bought, then pays with
 * a test card or cancels. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined and the
 * checkout stays open for a retry; any other number is refused as invalid. Only served while
 * PAYMENT_PROVIDER=mock, and only for payments started with the mock provider: a production site
 * on Stripe never accepts a test card.
 */
import { eq } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import {
  CARD_DECLINED_MESSAGE,
  MOCK_TEST_CARDS,
  type TMockCardPayment,
  type TMockCheckout,
  type TMockConfirmAnswer,
} from '../../../domain/contracts/payments';
import { centsToDecimal } from '../../../domain/money';
import { events, type TPaymentRow } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import {
  closedReason,
  confirmPayment,
  isExpired,
  offerSeatsFreedBy,
  type TPaymentDeps,
} from './confirm.service';
import { kindOf } from './kinds';
import { findPayment, lockPayment, recordPaymentEvent, updatePayment } from './payment-store';
import { MOCK_CARDS } from './providers/mock.provider';

async function mockPayment(deps: TPaymentDeps, transactionId: string): Promise<TPaymentRow> {
  const payment = await findPayment(deps.app.db, transactionId);
  if (!payment || payment.provider !== 'mock' || deps.provider.name !== 'mock')
    throw notFound('checkout');
  return payment;
}

const hashUrl = (path: string) => `#${path}`;

export async function mockCheckoutView(
  deps: TPaymentDeps,
  transactionId: string,
): Promise<TMockCheckout> {
  const payment = await mockPayment(deps, transactionId);
  const def = kindOf(payment.kind);
  const [event] = payment.eventId
    ? await deps.app.db
        .select({ name: events.name })
        .from(events)
        .where(eq(events.id, payment.eventId))
    : [];
  const expired = payment.status === 'pending' && isExpired(payment, deps.app.clock.now());
  return {
    transactionID: payment.transactionId,
    kind: payment.kind,
    // A lapsed checkout shows as expired at once; the row changes when someone tries to pay it
    status: expired ? 'expired' : payment.status,
    summary: await def.describe(deps.app.db, payment),
    productName: payment.productName,
    amount: centsToDecimal(payment.amountCents),
    email: payment.email,
    eventName: event?.name ?? null,
    eventDate: payment.eventDate,
    expiresAt: payment.expiresAt?.toISOString() ?? null,
    cancelUrl: hashUrl(def.cancelPath(payment)),
    successUrl: payment.status === PAYMENT_STATUS_DONE ? hashUrl(def.successPath(payment)) : null,
    failureReason: expired
      ? closedReason({ ...payment, status: 'expired' })
      : payment.failureReason,
  };
}

/** Card expiry 'MM/YY' is valid through the last day of that month. */
function cardExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  return Date.UTC(2000 + year, month, 1) <= now.getTime();
}

/**
 * A declined card leaves the checkout open for another try (DESIGN §4.3) but is recorded: counted
 * on the payment, as an event of its own and in the audit log, so the treasurer sees it (§4.6).
 */
async function recordDecline(deps: TPaymentDeps, transactionId: string, reason: string) {
  const { app, audit } = deps;
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, transactionId);
    if (payment?.status !== 'pending') return;
    await updatePayment(tx, payment.id, {
      failedAttempts: payment.failedAttempts + 1,
      lastFailedAt: now,
      updatedAt: now,
    });
    await recordPaymentEvent(tx, payment, {
      type: 'declined',
      to: 'pending',
      detail: reason,
      at: now,
    });
    await writeAudit(tx, audit, {
      message: `Payment ${transactionId}: card declined (attempt ${payment.failedAttempts + 1}), still pending`,
    });
  });
}

/** What a paid mock checkout answers: its status and the success screen to go on to. */
function paidAnswer(payment: TPaymentRow): TMockConfirmAnswer {
  return { status: payment.status, successUrl: hashUrl(kindOf(payment.kind).successPath(payment)) };
}

export async function payWithMockCard(
  deps: TPaymentDeps,
  transactionId: string,
  card: TMockCardPayment,
): Promise<TMockConfirmAnswer> {
  if (deps.provider.name !== 'mock') throw notFound('checkout');
  const now = deps.app.clock.now();
  const number = card.cardNumber.replace(/[\s-]/g, '');
  // The card that pays, in date: confirmation reads the payment's row under its lock and answers
  // every state from it, so the row is not read before (a round trip fewer per sale)
  if (number !== MOCK_CARDS.pays || cardExpired(card.expiry, now)) {
    const payment = await mockPayment(deps, transactionId);
    if (payment.status === PAYMENT_STATUS_DONE) return paidAnswer(payment);
    if (payment.status !== 'pending') throw conflict(closedReason(payment));
    // A lapsed checkout goes on to confirmation whatever the card, which marks it expired
    if (!isExpired(payment, now)) await refuseCard(deps, transactionId, number);
  }
  const outcome = await confirmPayment(deps, transactionId, 'mock');
  if (outcome.result === 'refused') throw conflict(outcome.reason);
  return paidAnswer(outcome.payment);
}

/** Why a card other than the one that pays in date does not pay an open checkout. */
async function refuseCard(deps: TPaymentDeps, transactionId: string, number: string) {
  if (number === MOCK_CARDS.declines) {
    await recordDecline(deps, transactionId, CARD_DECLINED_MESSAGE);
    throw new AppError('PAYMENT_REQUIRED', CARD_DECLINED_MESSAGE);
  }
  if (number !== MOCK_CARDS.pays) {
    throw invalid('This card number is not accepted.', {
      cardNumber: `Use the test card ${MOCK_TEST_CARDS.pays} (or ${MOCK_TEST_CARDS.declines} to see a decline).`,
    });
  }
  throw invalid('This card has expired.', { expiry: 'This card has expired.' });
}

export async function cancelMockCheckout(deps: TPaymentDeps, transactionId: string) {
  const payment = await mockPayment(deps, transactionId);
  const cancelUrl = hashUrl(kindOf(payment.kind).cancelPath(payment));
  const { app, audit } = deps;
  const row = await app.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, transactionId);
    if (!locked || locked.status !== 'pending') return locked ?? payment;
    const now = app.clock.now();
    const cancelled = await updatePayment(tx, locked.id, { status: 'cancelled', updatedAt: now });
    await recordPaymentEvent(tx, locked, { type: 'cancelled', to: 'cancelled', at: now });
    await writeAudit(tx, audit, { message: `Checkout ${transactionId} cancelled by the buyer` });
    return cancelled;
  });
  if (row.status === PAYMENT_STATUS_DONE) throw conflict('This payment is already complete.');
  if (row.status === 'cancelled') await offerSeatsFreedBy(deps, row);
  return { status: row.status, cancelUrl };
}
