/**
 * Pending checkouts stop holding seats and e-mails the moment they lapse (every count checks
 * expires_at). This sweep also records the lapse as its own state change, in the audit log,
 * and drops the password hash an abandoned registration carried, which nobody may keep.
 *
 * Then it clears the personal data of checkouts that were never paid (lapsed, cancelled or
 * failed without a charge): the buyer's name, e-mail, phone, address and family, and the
 * client that started it. The payment row stays as the record that a checkout happened.
 */
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_EXPIRED_MESSAGE } from '../../../domain/contracts/payments';
import { nonMemberBuyers, paymentEvents, payments, PAYMENT_PROVIDERS } from '../../db/schema';
import type { TTx } from '../../db/client';
import type { TDb } from '../../db/client';
import type { TClock } from '../../lib/clock';
import { writeAudit } from '../../lib/audit';
import { eventListsChanged } from '../events/event-list-cache';
import { seatsMayHaveFreed } from '../events/sold-out-memo';
import { rowsOf } from '../../db/rows';

/** Any constant shared by every Samaj instance: the key of the lock around one expiry sweep. */
const SWEEP_LOCK_KEY = 7_391_020_417;

export async function expireLapsedCheckouts(db: TDb, clock: TClock): Promise<string[]> {
  const now = clock.now();
  const expired = await db.transaction(async (tx) => {
    // One sweep at a time across every instance on the database: a busy lock means another
    // instance is sweeping this very minute, so this one has nothing to do.
    const [lock] = rowsOf<{ got: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as got`),
    );
    if (!lock?.got) return [];
    const lapsed = await tx
      .update(payments)
      .set({
        status: 'expired',
        failureReason: CHECKOUT_EXPIRED_MESSAGE,
        details: sql`${payments.details} #- '{member,passwordHash}'`,
        updatedAt: now,
      })
      .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, now)))
      .returning({ id: payments.id, transactionId: payments.transactionId });
    if (lapsed.length > 0) {
      await tx.insert(paymentEvents).values(
        lapsed.map(({ id }) => ({
          paymentId: id,
          type: 'expired' as const,
          fromStatus: 'pending' as const,
          toStatus: 'expired' as const,
          createdAt: now,
        })),
      );
    }
    for (const { transactionId } of lapsed) {
      await writeAudit(
        tx,
        {
          actor: { user: 'System', email: '', userType: 'Anonymous', ipAddress: '' },
          method: 'SWEEP',
          at: now,
        },
        { message: `Payment ${transactionId} expired before it was confirmed` },
      );
    }
    await clearUnpaidBuyersData(tx, now);
    return lapsed.map((row) => row.transactionId);
  });
  if (expired.length > 0) {
    eventListsChanged();
    seatsMayHaveFreed(db);
  }
  return expired;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long after its checkout lapsed a payment can still arrive from the provider. The mock
 * provider charges nothing once a checkout closed. Stripe takes the money on its own page and
 * retries its webhook for up to 3 days; such a late payment is refunded, and the buyer told, by
 * the e-mail on the row, so it is kept until then.
 */
const LATE_PAYMENT_HORIZON_MS: Record<(typeof PAYMENT_PROVIDERS)[number], number> = {
  mock: 0,
  stripe: 3 * DAY_MS,
  // Recorded and confirmed at once: an offline payment never lapses unpaid
  offline: 0,
};

async function clearUnpaidBuyersData(tx: TTx, now: Date): Promise<void> {
  const closedLongEnough = or(
    ...PAYMENT_PROVIDERS.map((provider) =>
      and(
        eq(payments.provider, provider),
        lte(payments.expiresAt, new Date(now.getTime() - LATE_PAYMENT_HORIZON_MS[provider])),
      ),
    ),
  );
  const cleared = await tx
    .update(payments)
    .set({
      email: '',
      memberName: null,
      contact: null,
      clientKey: null,
      // The parts of `details` that name people (a ticket's buyer, a registration's family) and
      // the hash of a registration's one-time sign-in secret, which no payment can use any more
      details: sql`${payments.details} - 'buyer' - 'member' - 'spouse' - 'dependents' - 'signInSecretHash'`,
    })
    .where(
      and(
        inArray(payments.status, ['expired', 'cancelled', 'failed']),
        isNull(payments.confirmedAt),
        isNull(payments.refundedAt),
        // A member's own checkout (renewal, member tickets) names the member, who is kept anyway
        isNull(payments.memberId),
        ne(payments.email, ''),
        closedLongEnough,
      ),
    )
    .returning({ nonMemberId: payments.nonMemberId });
  const buyerIds = cleared.flatMap((row) => (row.nonMemberId === null ? [] : [row.nonMemberId]));
  if (buyerIds.length > 0) {
    // One buyer row per checkout (non-member kinds write their own), so nothing else names it
    await tx
      .update(nonMemberBuyers)
      .set({ firstName: '', lastName: '', email: '', contactPhone: '' })
      .where(inArray(nonMemberBuyers.id, buyerIds));
  }
}

/** Runs the sweep every minute in the server; an unref'd timer never keeps the process alive. */
export function startExpirySweeper(
  db: TDb,
  clock: TClock,
  log: { error(details: object, message: string): void },
): () => void {
  const timer = setInterval(() => {
    expireLapsedCheckouts(db, clock).catch((err: unknown) =>
      log.error({ err }, 'checkout expiry sweep failed'),
    );
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
