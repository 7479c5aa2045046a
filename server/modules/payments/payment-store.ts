/** Reading and changing payment rows: the few queries every payment service shares. */
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import {
  builtQueriesByColumns,
  builtQueriesByShape,
  builtQuery,
  carriedWrite,
  placeholdersFor,
} from '../../db/built-query';
import type { TDbOrTx, TTx } from '../../db/client';
import {
  paymentEvents,
  payments,
  isTicketKind,
  type TNewPaymentRow,
  type TPaymentEventType,
  type TPaymentRow,
} from '../../db/schema';
import { eventListsChanged } from '../events/event-list-cache';
import { askedTogether } from '../../db/asked-together';
import { sendCarriedAhead } from '../../db/carried-writes';
import { committingWith, type TTransactionEnding } from '../../db/commit-behind';
import { seatRefusalMessage, seatRefusalOf, seatsFitOrRefuse } from '../events/seats';

export async function findPayment(
  db: TDbOrTx,
  transactionId: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await selectPayment(db, { transactionId });
  return row;
}

const selectPayment = builtQuery((db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.transactionId, sql.placeholder('transactionId'))),
);

const selectPaymentForUpdate = builtQuery((db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.transactionId, sql.placeholder('transactionId')))
    .for('update'),
);

/** Reads the payment and locks its row until the transaction ends: one confirmation at a time. */
export async function lockPayment(
  tx: TTx,
  transactionId: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await selectPaymentForUpdate(tx, { transactionId });
  return row;
}

export async function updatePayment(
  db: TDbOrTx,
  id: number,
  changes: Partial<Omit<TNewPaymentRow, 'id' | 'transactionId'>> & { updatedAt: Date },
): Promise<TPaymentRow> {
  const [row] = await updatePaymentRow(db, changes, { id });
  // Any change of status may hold or free seats; callers drop the lists again once committed.
  eventListsChanged();
  return row;
}

type TPaymentChanges = Parameters<typeof updatePayment>[2];

const updatePaymentRow = builtQueriesByColumns((db, changes: TPaymentChanges) =>
  db
    .update(payments)
    .set(changes)
    .where(eq(payments.id, sql.placeholder('id')))
    .returning(),
);

/**
 * Marks the pending payment paid, confirmed and fulfilled at `now`. A ticket's seats count as sold
 * from then on (migration 0018's trigger), so a ticket is marked paid only if they fit beside the
 * seats sold, checked in the same statement under its event's row lock (`seatsFitOrRefuse`),
 * which every other buyer of the event waits for until the commit; when they do not, it throws
 * `SeatsRefused`, its transaction aborted. With `endsTransaction` the COMMIT rides behind it
 * (../../db/commit-behind.ts).
 */
export async function markPaid(
  tx: TTx,
  payment: TPaymentRow,
  now: Date,
  { endsTransaction = false }: TTransactionEnding = {},
): Promise<TPaymentRow> {
  const seatsMustFit = isTicketKind(payment.kind) && payment.eventId !== null;
  const mark = () =>
    markPaidRow(tx, seatsMustFit, {
      id: payment.id,
      eventId: payment.eventId,
      seats: payment.dependent,
      status: PAYMENT_STATUS_DONE,
      confirmedAt: now,
      fulfilledAt: now,
      updatedAt: now,
    });
  let rows: TPaymentRow[];
  try {
    // A ticket's status change takes its event's lock: the writes waiting to ride with it go
    // ahead of it, not made while every other buyer waits
    [, rows] = await askedTogether(
      () => (seatsMustFit ? sendCarriedAhead(tx) : Promise.resolve()),
      () => committingWith(tx, mark, { endsTransaction }),
    );
  } catch (error) {
    const refusal = seatRefusalOf(error);
    if (refusal) throw new SeatsRefused(seatRefusalMessage(refusal));
    throw error;
  }
  eventListsChanged();
  if (!rows[0]) throw new Error(`Payment ${payment.transactionId} was not there to mark paid.`);
  return rows[0];
}

/** A ticket's seats did not fit when it was to be marked paid: `misfit` tells the buyer why. */
export class SeatsRefused extends Error {
  constructor(readonly misfit: string) {
    super(misfit);
  }
}

const PAID_COLUMNS = ['status', 'confirmedAt', 'fulfilledAt', 'updatedAt'] as const;

const markPaidRow = builtQueriesByShape(
  (seatsMustFit: boolean) => String(seatsMustFit),
  (db, seatsMustFit) => {
    const isThePayment = eq(payments.id, sql.placeholder('id'));
    return (
      db
        .update(payments)
        // Drizzle's types leave placeholders out of `set`; it encodes them by column all the same
        .set(placeholdersFor(PAID_COLUMNS) as unknown as TPaymentChanges)
        .where(
          seatsMustFit
            ? and(
                isThePayment,
                seatsFitOrRefuse(sql.placeholder('eventId'), sql.placeholder('seats')),
              )
            : isThePayment,
        )
        .returning()
    );
  },
);

/**
 * Appends one state change (or declined attempt) to the payment's history, in the caller's
 * transaction: `before` is the row as it was, `to` the status it has now.
 */
export async function recordPaymentEvent(
  db: TDbOrTx,
  before: Pick<TPaymentRow, 'id' | 'status'>,
  event: { type: TPaymentEventType; to: TPaymentRow['status']; detail?: string; at: Date },
): Promise<void> {
  await insertPaymentEvent(db, {
    paymentId: before.id,
    type: event.type,
    fromStatus: before.status,
    toStatus: event.to,
    detail: event.detail ?? '',
    createdAt: event.at,
  });
}

const insertPaymentEvent = carriedWrite((db, row: typeof paymentEvents.$inferInsert) =>
  db.insert(paymentEvents).values(row),
);
