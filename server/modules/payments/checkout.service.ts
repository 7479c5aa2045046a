/**
 * Checkout (DESIGN §4.1-4.2): the server prices the purchase from the database through its kind,
 * stores a pending payment with an unguessable transaction id that holds its seats for 30
 * minutes, and opens the provider's checkout session.
 */
import { CHECKOUT_TTL_MINUTES, type TCheckoutKind } from '../../../domain/constants';
import type { TCheckoutAnswer } from '../../../domain/contracts/payments';
import { centsToDecimal, formatMoney } from '../../../domain/money';
import { askedTogether } from '../../db/asked-together';
import { carryingWrites } from '../../db/carried-writes';
import type { TNewPaymentRow, TPaymentRow } from '../../db/schema';
import { takeAnonymousHit, writeClientOf } from '../../lib/anonymous-limits';
import { assertHouseholdRight, assertMemberAccess } from '../../lib/auth';
import { writeAudit } from '../../lib/audit';
import { AppError, forbidden } from '../../lib/errors';
import type { TPaymentDeps } from './confirm.service';
import { kindOf } from './kinds';
import type { TAdmission, TRegisteredKind } from './kinds/types';
import { recordPaymentEvent, updatePayment } from './payment-store';
import { newTransactionId } from './ids';
import { storePayment } from './pending-payment';
import { assertUnpaidHoldFits, type TUnpaidHold } from './unpaid-holds';
import { newSignInSecret } from './registration-sign-in.service';
import { eventListsChanged } from '../events/event-list-cache';
import { isKnownSoldOut, rememberSoldOut } from '../events/sold-out-memo';
import { throughCheckoutGate } from '../events/checkout-gate';
import { SeatsDoNotFit } from './kinds/ticket-common';

/**
 * DESIGN §3c: who may buy which kind. A family kind's signed link (a renewal reminder's) stands in
 * for the member's sign-in; answers what the payment keeps of it, or null.
 */
async function assertMayBuy(
  def: TRegisteredKind,
  input: unknown,
  deps: TPaymentDeps,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const { principal } = deps;
  if (def.buyers === 'anonymous' && principal) {
    throw forbidden('You are signed in: renew your membership instead of joining again.');
  }
  if (def.buyers === 'family') {
    if (!def.memberIdOf) throw new Error(`Kind ${def.kind} buys for a family but names no member.`);
    const link = def.linkAuthority ? await def.linkAuthority(deps.app.db, input, now) : null;
    if (link) return link;
    assertMemberAccess(principal, def.memberIdOf(input));
    // Another adult of the family buys member tickets if allowed; renewing is the main member's
    assertHouseholdRight(principal, def.kind === 'member-ticket' ? 'buyTickets' : 'main');
  }
  return null;
}

/**
 * The limits a checkout of a kind anyone may start counts against (ANONYMOUS_LIMITS): its client
 * and its buyer's e-mail. Null for family kinds (signed in, bounded by the family's allowance)
 * and for staff.
 */
function limitedHold(def: TRegisteredKind, input: unknown, deps: TPaymentDeps): TUnpaidHold | null {
  if (def.buyers === 'family') return null;
  if (!def.unpaidHold)
    throw new Error(`Kind ${def.kind} may be bought by anyone but names no hold.`);
  const client = writeClientOf(deps.principal, deps.address);
  return client ? { client, ...def.unpaidHold(input) } : null;
}

export async function startCheckout(
  deps: TPaymentDeps,
  input: { kind: TCheckoutKind },
): Promise<TCheckoutAnswer> {
  const { app, provider, audit } = deps;
  const def = kindOf(input.kind);
  const now = app.clock.now();
  const link = await assertMayBuy(def, input, deps, now);
  const kindCtx = { config: app.config, now, principal: deps.principal };
  const limited = limitedHold(def, input, deps);
  // In a rush most buyers come after the last seat: told at once, without the event's lock and
  // without a start counted against them, since nothing was held or stored
  const seatEvent = def.seatEventOf?.(input) ?? null;
  const refuseKnownSellOut = () => {
    // The time of asking, not of the request: a buyer may have waited at the gate meanwhile
    if (seatEvent !== null && isKnownSoldOut(app.db, seatEvent, app.clock.now()))
      throw new SeatsDoNotFit(0);
  };
  refuseKnownSellOut();
  // Counted before the work and outside its transaction: a start refused later counts too
  const countStart = async () => {
    if (limited) await takeAnonymousHit(app.db, 'checkout', limited, now);
  };

  // Only the browser that starts a registration gets the secret that later signs the new member in
  const signIn = def.kind === 'registration' ? newSignInSecret() : null;
  const store = () =>
    app.db.transaction((tx) =>
      carryingWrites(tx, async () => {
        // Before pricing: a client at its cap costs no event lock, buyer row or password hash
        if (limited) await assertUnpaidHoldFits(tx, limited, now);
        const { newBuyer, ...priced } = await def.price(tx, input, kindCtx);
        const transactionId = newTransactionId();
        // Rides with the payment's statement (../../db/carried-writes.ts)
        await writeAudit(tx, audit, {
          message: `Checkout ${transactionId} started: ${priced.productName}, ${formatMoney(priced.amountCents)}`,
        });
        const payment = {
          ...priced,
          ...(link ? { details: { ...priced.details, ...link } } : {}),
          ...(signIn ? { details: { ...priced.details, signInSecretHash: signIn.hash } } : {}),
          transactionId,
          kind: def.kind,
          status: 'pending',
          clientKey: limited?.client ?? null,
          language: deps.language ?? 'en',
          provider: provider.name,
          expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MINUTES * 60_000),
          createdAt: now,
          updatedAt: now,
        } satisfies TNewPaymentRow;
        // Last: a ticket's admission locks its event, which every other buyer of it waits for. It
        // is asked for behind the payment's write, and the commit behind it, so the lock is held
        // for no round trip and for no write
        const [[row]] = await askedTogether(
          () => storePayment(tx, newBuyer, payment),
          async () => def.admit?.(tx, admissionOf(payment), kindCtx, { endsTransaction: true }),
        );
        return row;
      }),
    );
  const pending =
    seatEvent === null
      ? await countStart().then(store)
      : await throughCheckoutGate(app.database, seatEvent, async () => {
          // Again once this buyer's turn has come: the buyers before may have sold out. Only
          // then is the start counted, so a rush's late buyers, told at once, write nothing
          refuseKnownSellOut();
          await countStart();
          try {
            return await store();
          } catch (error) {
            // The sell-out seen here answers the next buyers of the second without the lock
            if (error instanceof SeatsDoNotFit && error.left === 0)
              rememberSoldOut(app.db, seatEvent, app.clock.now());
            throw error;
          }
        });
  // The hold counts against the seats from the next read of the public lists on.
  eventListsChanged();

  const session = await openSession(deps, def, pending);
  return {
    transactionID: pending.transactionId,
    amount: centsToDecimal(pending.amountCents),
    checkoutUrl: session,
    ...(signIn ? { signInSecret: signIn.secret } : {}),
  };
}

/** The payment being written, as its kind's `admit` sees it. */
function admissionOf(payment: TNewPaymentRow & { transactionId: string }): TAdmission {
  return {
    transactionId: payment.transactionId,
    eventId: payment.eventId ?? null,
    memberId: payment.memberId ?? null,
    dependent: payment.dependent ?? 0,
    details: payment.details ?? {},
  };
}

/**
 * The provider is called after the payment is committed, never inside the transaction: a slow
 * provider must not hold the event's lock. A provider failure leaves a 'failed' payment behind.
 */
async function openSession(
  deps: TPaymentDeps,
  def: TRegisteredKind,
  payment: TPaymentRow,
): Promise<string> {
  const { app, provider } = deps;
  const publicUrl = app.config.publicUrl;
  try {
    const session = await provider.createSession(payment, {
      summary: await def.describe(app.db, payment),
      successUrl: `${publicUrl}/#${def.successPath(payment)}`,
      cancelUrl: `${publicUrl}/#${def.cancelPath(payment)}`,
    });
    if (session.providerReference) {
      await updatePayment(app.db, payment.id, {
        providerReference: session.providerReference,
        updatedAt: app.clock.now(),
      });
    }
    return session.checkoutUrl;
  } catch (error) {
    deps.log.error(
      { err: error, transactionId: payment.transactionId },
      'payment provider session failed',
    );
    const reason = 'The payment provider could not be reached.';
    await app.db.transaction(async (tx) => {
      const now = app.clock.now();
      await updatePayment(tx, payment.id, {
        status: 'failed',
        failureReason: reason,
        updatedAt: now,
      });
      await recordPaymentEvent(tx, payment, {
        type: 'failed',
        to: 'failed',
        detail: reason,
        at: now,
      });
      await writeAudit(tx, deps.audit, {
        message: `Payment ${payment.transactionId} failed: ${reason}`,
      });
    });
    throw new AppError(
      'INTERNAL',
      'The payment provider could not be reached; nothing was charged. Please try again.',
    );
  }
}
