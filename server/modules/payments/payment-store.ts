/** Reading and changing payment rows: the few queries every payment service shares. */
import { eq, sql } from 'drizzle-orm';
import { builtQueriesByColumns, builtQuery, carriedWrite } from '../../db/built-query';
import type { TDbOrTx, TTx } from '../../db/client';
import {
  paymentEvents,
  payments,
  type TNewPaymentRow,
  type TPaymentEventType,
  type TPaymentRow,
} from '../../db/schema';
import { eventListsChanged } from '../events/event-list-cache';

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
