/**
 * Confirmation (DESIGN §4.3-4.5): the one place a payment becomes 'payment done'. Idempotent by
 * transaction id: the payment row is locked, an already confirmed payment is answered unchanged,
 * and expiry, seats (under the event's row lock), the status change, fulfilment, the receipt and
 * the audit entry are one transaction. Webhook retries, double clicks and out-of-order events
 * all end in one confirmed payment with one ticket and one receipt.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_STATUS_DONE, type TLanguageCode } from '../../../domain/constants';
import { CHECKOUT_EXPIRED_MESSAGE } from '../../../domain/contracts/payments';
import { formatMoney } from '../../../domain/money';
import { carryingWrites } from '../../db/carried-writes';
import type { TTransactionEnding } from '../../db/commit-behind';
import type { TTx } from '../../db/client';
import type { TPaymentRow } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { kindOf } from './kinds';
import {
  lockPayment,
  markPaid,
  recordPaymentEvent,
  SeatsRefused,
  updatePayment,
} from './payment-store';
import type { TPaymentProvider } from './providers/types';
import { enqueueReceipt } from './receipt';
import { eventListsChanged } from '../events/event-list-cache';
import { offerFreedSeats } from '../waitlist/waitlist-offers';

export type TConfirmOutcome =
  | { result: 'confirmed'; payment: TPaymentRow; alreadyConfirmed: boolean }
  | { result: 'refused'; payment: TPaymentRow; reason: string };

export interface TPaymentDeps {
  app: TAppContext;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  provider: TPaymentProvider;
  audit: TAuditContext;
  principal: TPrincipal | null;
  /** The caller's address (`request.ip`), which anonymous limits count. */
  address: string;
  /** The language the caller's browser uses (`Accept-Language`); a checkout stores it. */
  language?: TLanguageCode;
}

/**
 * A ticket checkout that ended without a sale (cancelled, expired, refunded) frees its seats:
 * the event's waiting list is offered them now. Call it after the change has committed.
 */
export function offerSeatsFreedBy(deps: TPaymentDeps, payment: { eventId: number | null }) {
  const { db, config, clock } = deps.app;
  return offerFreedSeats({ db, config, now: clock.now(), log: deps.log }, payment.eventId);
}

/** Why a payment that is not pending cannot be confirmed, in the buyer's words. */
export function closedReason(payment: TPaymentRow): string {
  switch (payment.status) {
    case 'cancelled':
      return 'This checkout was cancelled. Please start again.';
    case 'expired':
      return CHECKOUT_EXPIRED_MESSAGE;
    case 'refunded':
      return payment.failureReason ?? 'This payment was refunded.';
    default:
      return payment.failureReason ?? 'This payment did not go through. Please start again.';
  }
}

export function isExpired(payment: TPaymentRow, now: Date): boolean {
  return payment.expiresAt !== null && payment.expiresAt.getTime() <= now.getTime();
}

/**
 * Confirms the payment `transactionId` names. With `startedWith`, only a payment started with that
 * provider is confirmed; any other is answered as not found, as a payment that does not exist.
 */
export async function confirmPayment(
  deps: TPaymentDeps,
  transactionId: string,
  startedWith?: TPaymentRow['provider'],
): Promise<TConfirmOutcome> {
  const now = deps.app.clock.now();
  try {
    return await deps.app.db.transaction((tx) =>
      confirmInTransaction(tx, deps, transactionId, now, startedWith, { endsTransaction: true }),
    );
  } catch (error) {
    if (!(error instanceof PurchaseNoLongerFits)) throw error;
    // The guard's refusal rolled the confirmation back whole; it is recorded on its own
    return await deps.app.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, transactionId);
      if (!payment) throw notFound('payment');
      if (payment.status !== 'pending')
        return payment.status === PAYMENT_STATUS_DONE
          ? { result: 'confirmed', payment, alreadyConfirmed: true }
          : { result: 'refused', payment, reason: closedReason(payment) };
      return refuseMisfit(tx, deps, payment, error.misfit, now);
    });
  } finally {
    // A sale (or a lapse) is on the public lists from the next read on.
    eventListsChanged();
  }
}

/**
 * A kind's last check (`guard`) found that the purchase no longer fits: thrown to roll back
 * everything the confirmation wrote; `confirmPayment` then records the refusal, and any other
 * caller (an offline payment) answers it as a conflict.
 */
export class PurchaseNoLongerFits extends AppError {
  constructor(
    readonly misfit: string,
    refusalNote: string,
  ) {
    super('CONFLICT', `${misfit} ${refusalNote}`);
  }
}

/** Marks the payment failed because the purchase no longer fits, with its event and audit entry. */
async function refuseMisfit(
  tx: TTx,
  deps: TPaymentDeps,
  payment: TPaymentRow,
  misfit: string,
  now: Date,
): Promise<TConfirmOutcome> {
  const reason = `${misfit} ${deps.provider.refusalNote}`;
  const failed = await updatePayment(tx, payment.id, {
    status: 'failed',
    failureReason: reason,
    updatedAt: now,
  });
  await recordPaymentEvent(tx, payment, { type: 'failed', to: 'failed', detail: misfit, at: now });
  await writeAudit(tx, deps.audit, {
    message: `Payment ${payment.transactionId} failed: ${misfit}`,
  });
  return { result: 'refused', payment: failed, reason };
}

/**
 * The confirmation itself, in the caller's transaction: an offline payment (issue 15) is created
 * and confirmed in one transaction, through this same code as a card payment. With
 * `endsTransaction` nothing follows it there, and the COMMIT may ride behind its last statement.
 */
export function confirmInTransaction(
  tx: TTx,
  deps: TPaymentDeps,
  transactionId: string,
  now: Date,
  startedWith?: TPaymentRow['provider'],
  ending: TTransactionEnding = {},
): Promise<TConfirmOutcome> {
  // The history entry, the ticket, the receipt and the audit entry are sent together, in one
  // statement ahead of the status change and in the same write: four round trips fewer per sale
  return carryingWrites(tx, () =>
    confirmCarrying(tx, deps, transactionId, now, startedWith, ending.endsTransaction ?? false),
  );
}

async function confirmCarrying(
  tx: TTx,
  deps: TPaymentDeps,
  transactionId: string,
  now: Date,
  startedWith: TPaymentRow['provider'] | undefined,
  endsTransaction: boolean,
): Promise<TConfirmOutcome> {
  const { app, provider, audit } = deps;
  const payment = await lockPayment(tx, transactionId);
  if (!payment || (startedWith !== undefined && payment.provider !== startedWith))
    throw notFound(startedWith === undefined ? 'payment' : 'checkout');
  if (payment.status === PAYMENT_STATUS_DONE)
    return { result: 'confirmed', payment, alreadyConfirmed: true };
  if (payment.status !== 'pending')
    return { result: 'refused', payment, reason: closedReason(payment) };

  if (isExpired(payment, now)) {
    const expired = await updatePayment(tx, payment.id, {
      status: 'expired',
      failureReason: CHECKOUT_EXPIRED_MESSAGE,
      updatedAt: now,
    });
    await recordPaymentEvent(tx, payment, { type: 'expired', to: 'expired', at: now });
    await writeAudit(tx, audit, {
      message: `Payment ${transactionId} expired before it was confirmed`,
    });
    return { result: 'refused', payment: expired, reason: CHECKOUT_EXPIRED_MESSAGE };
  }

  const def = kindOf(payment.kind);
  const kindCtx = { config: app.config, now, principal: deps.principal };
  const misfit = def.recheck ? await def.recheck(tx, payment, kindCtx) : null;
  if (misfit) return refuseMisfit(tx, deps, payment, misfit, now);

  // What was bought is issued, receipted and audited before the status changes: the change of a
  // ticket payment counts its seats as sold only if they fit, under its event's row lock, which it
  // holds until the commit, and every other buyer of the event waits for that row. So the status
  // change and the kind's guard (its checks under the same lock) come last.
  const paid: TPaymentRow = {
    ...payment,
    status: PAYMENT_STATUS_DONE,
    confirmedAt: now,
    fulfilledAt: now,
    updatedAt: now,
  };
  await recordPaymentEvent(tx, payment, { type: 'confirmed', to: PAYMENT_STATUS_DONE, at: now });
  const fulfilment = await def.fulfil(tx, paid, kindCtx);
  // Built here rather than before the locks: the receipt carries the door code fulfil just issued
  await enqueueReceipt(tx, paid, {
    summary: await def.describe(tx, paid),
    doorCode: fulfilment?.doorCode ?? null,
    config: app.config,
    now,
  });
  await writeAudit(tx, audit, {
    message: `Payment ${transactionId} confirmed: ${paid.productName}, ${formatMoney(paid.amountCents)}`,
  });
  // A ticket's seats are checked in the status change itself, which takes its event's lock; the
  // statement is the transaction's last unless the kind guards after it
  let fulfilled: TPaymentRow;
  try {
    fulfilled = await markPaid(tx, payment, now, {
      endsTransaction: endsTransaction && !def.guard,
    });
  } catch (error) {
    if (error instanceof SeatsRefused)
      throw new PurchaseNoLongerFits(error.misfit, provider.refusalNote);
    throw error;
  }
  const lastMisfit = def.guard ? await def.guard(tx, fulfilled, kindCtx) : null;
  if (lastMisfit) throw new PurchaseNoLongerFits(lastMisfit, provider.refusalNote);
  return { result: 'confirmed', payment: fulfilled, alreadyConfirmed: false };
}
