/**
 * Pending checkouts stop holding seats and e-mails the moment they lapse (every count checks
 * expires_at). This sweep also records the lapse as its own state change, in the audit log,
 * and drops the password hash an abandoned registration carried, which nobody may keep.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { CHECKOUT_EXPIRED_MESSAGE } from '../../../domain/contracts/payments';
import { payments } from '../../db/schema';
import type { TDb } from '../../db/client';
import type { TClock } from '../../lib/clock';
import { writeAudit } from '../../lib/audit';

export async function expireLapsedCheckouts(db: TDb, clock: TClock): Promise<string[]> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(payments)
      .set({
        status: 'expired',
        failureReason: CHECKOUT_EXPIRED_MESSAGE,
        details: sql`${payments.details} #- '{member,passwordHash}'`,
        updatedAt: now,
      })
      .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, now)))
      .returning({ transactionId: payments.transactionId });
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
    return lapsed.map((row) => row.transactionId);
  });
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
