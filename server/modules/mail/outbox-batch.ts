import { and, asc, eq, gt, inArray, lt, lte, ne, or } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { TAppContext } from '../../lib/context';
import { readyAttachments } from './attachment-recipes';
import type { TMailTransport } from './mail-transport';
import { describeSendError, MAX_ATTEMPTS, retryDelayMs } from './outbox-retry';

/** How long a claimed mail belongs to one worker; a crashed worker's mails are retried after it. */
export const LEASE_MS = 60_000;
/**
 * A send is aborted after this much real time, well inside the lease, so no worker is still
 * talking to the mail server about a row another worker may by then have claimed. It is an I/O
 * deadline, not a business time: it runs on the real clock, never on the injected one.
 */
const SEND_DEADLINE_MS = 45_000;

export type TOutboxContext = Pick<TAppContext, 'db' | 'clock'>;
type TOutboxRow = typeof mailOutbox.$inferSelect;
type TOutcome = 'sent' | 'retrying' | 'failed' | 'lost';

export interface TBatchResult {
  claimed: number;
  sent: number;
  /** Failed this time, scheduled again with backoff. */
  retrying: number;
  /** Failed for the last time: given up. */
  failed: number;
  /** Claimed, then handed back to the queue unsent when the batch gave way. */
  handedBack: number;
}

export interface TBatchOptions {
  limit: number;
  /**
   * Asked before each mail but the first: true ends the batch there, and its other mails go back
   * to the queue at once (not after their claim runs out), for the next batch to send.
   */
  giveWay?: () => Promise<boolean>;
}

/**
 * Claims up to `limit` due mails and sends them one by one, until `giveWay` says to stop. The
 * claim is one short transaction with `FOR UPDATE SKIP LOCKED`, so several workers or server
 * instances never claim the same row (on PostgreSQL; PGlite has one connection and serialises
 * them anyway).
 */
export async function processOutboxBatch(
  ctx: TOutboxContext,
  transport: TMailTransport,
  options: TBatchOptions,
): Promise<TBatchResult> {
  const { rows, lease } = await claimDueMails(ctx, options.limit);
  const result: TBatchResult = {
    claimed: rows.length,
    sent: 0,
    retrying: 0,
    failed: 0,
    handedBack: 0,
  };
  for (const [index, row] of rows.entries()) {
    if (index > 0 && (await options.giveWay?.())) {
      result.handedBack = await handBack(ctx, rows.slice(index), lease);
      break;
    }
    const outcome = await deliver(ctx, transport, row, lease);
    if (outcome !== 'lost') result[outcome] += 1;
  }
  return result;
}

/** Mails of this batch's claim, back in the queue as they were before it; a taken-over one stays. */
async function handBack(ctx: TOutboxContext, rows: TOutboxRow[], lease: Date): Promise<number> {
  const handedBack = await ctx.db
    .update(mailOutbox)
    .set({ status: 'pending', lockedUntil: null })
    .where(
      and(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.lockedUntil, lease),
      ),
    )
    .returning({ id: mailOutbox.id });
  return handedBack.length;
}

/**
 * Due: a new mail (attempts 0: due at once, whatever the clock said when it was enqueued, since
 * enqueueMail has no clock), a retry whose time has come, or a claim whose worker vanished.
 */
async function claimDueMails(
  ctx: TOutboxContext,
  limit: number,
): Promise<{ rows: TOutboxRow[]; lease: Date }> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  const rows = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(
            eq(mailOutbox.status, 'pending'),
            or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
          ),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    return tx
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: lease })
      .where(inArray(mailOutbox.id, ids))
      .returning();
  });
  return { rows: rows.sort((a, b) => a.id - b.id), lease };
}

async function deliver(
  ctx: TOutboxContext,
  transport: TMailTransport,
  row: TOutboxRow,
  claimedLease: Date,
): Promise<TOutcome> {
  // The earlier mails of the batch may have used up much of the lease: renew it, or skip the
  // mail if another worker has taken it over meanwhile.
  const lease = await renewLease(ctx, row.id, claimedLease);
  if (!lease) return 'lost';
  try {
    // A recipe that cannot be rendered fails the send like a refusing mail server: retried, then given up
    const attachments = await readyAttachments(row.attachments);
    await transport.send(
      {
        id: row.id,
        date: ctx.clock.now(),
        to: row.toAddress,
        cc: row.cc,
        bcc: row.bcc,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments,
      },
      AbortSignal.timeout(SEND_DEADLINE_MS),
    );
  } catch (error) {
    return recordFailure(ctx, row, lease, error);
  }
  await recordSuccess(ctx, row);
  return 'sent';
}

async function renewLease(ctx: TOutboxContext, id: number, held: Date): Promise<Date | null> {
  const now = ctx.clock.now();
  const lockedUntil = new Date(now.getTime() + LEASE_MS);
  const renewed = await ctx.db
    .update(mailOutbox)
    .set({ lockedUntil })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, 'sending'),
        // Still our lease and not expired: no other worker can have claimed the row meanwhile.
        eq(mailOutbox.lockedUntil, held),
        gt(mailOutbox.lockedUntil, now),
      ),
    )
    .returning({ id: mailOutbox.id });
  return renewed.length > 0 ? lockedUntil : null;
}

/** Whoever holds the lease now, the mail did go out: record that, so nobody sends it again. */
async function recordSuccess(ctx: TOutboxContext, row: TOutboxRow): Promise<void> {
  await ctx.db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: ctx.clock.now(), lockedUntil: null })
    .where(and(eq(mailOutbox.id, row.id), ne(mailOutbox.status, 'sent')));
}

async function recordFailure(
  ctx: TOutboxContext,
  row: TOutboxRow,
  lease: Date,
  error: unknown,
): Promise<TOutcome> {
  const now = ctx.clock.now();
  const attempts = row.attempts + 1;
  const givenUp = attempts >= MAX_ATTEMPTS;
  const updated = await ctx.db
    .update(mailOutbox)
    .set({
      status: givenUp ? 'failed' : 'pending',
      attempts,
      lastError: describeSendError(error),
      nextAttemptAt: givenUp ? now : new Date(now.getTime() + retryDelayMs(attempts)),
      lockedUntil: null,
    })
    .where(
      and(
        eq(mailOutbox.id, row.id),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.lockedUntil, lease),
      ),
    )
    .returning({ id: mailOutbox.id });
  if (updated.length === 0) return 'lost';
  return givenUp ? 'failed' : 'retrying';
}
