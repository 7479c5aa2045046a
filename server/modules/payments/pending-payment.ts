/**
 * How a checkout writes its pending payment (issue 14): in one statement with the non-member
 * buyer its kind's price gave, if any, and, for a ticket, the lock on its event's row that the
 * kind's `admit` then counts the seats under. Each was a round trip of its own.
 */
import { getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { builtQueriesByColumns, placeholdersFor, prefixedValues } from '../../db/built-query';
import type { TTx } from '../../db/client';
import {
  nonMemberBuyers,
  payments,
  type TNewNonMemberBuyerRow,
  type TNewPaymentRow,
  type TPaymentRow,
} from '../../db/schema';
import { lockingEventId } from '../events/seats';

/**
 * The new payment's values as it is written: a payment for an event locks the event's row in the
 * same statement (`lockingEventId`), the lock its kind's `admit` counts the seats under.
 */
function valuesLockingEvent(row: TNewPaymentRow): PgInsertValue<typeof payments> {
  const eventId = row.eventId as unknown as Placeholder | undefined;
  return eventId === undefined ? row : { ...row, eventId: lockingEventId(eventId) };
}

/** The new payment row, built once per set of columns a kind's price fills. */
const insertPayment = builtQueriesByColumns((db, row: TNewPaymentRow) =>
  db.insert(payments).values(valuesLockingEvent(row)).returning(),
);

/** The buyer's columns a checkout writes (`newBuyerRow` gives them all): all but the id. */
const { id: _id, ...buyerColumns } = getTableColumns(nonMemberBuyers);
const NEW_BUYER_COLUMNS = Object.keys(buyerColumns) as (keyof typeof buyerColumns)[];

/** Both the buyer and the payment have an e-mail and a creation time. */
const BUYER_PREFIX = 'newBuyer.';

/**
 * The new payment row with its new non-member buyer (`newBuyer`), in one statement: the buyer's
 * insert is a WITH clause whose id the payment takes as its non-member.
 */
const insertPaymentWithBuyer = builtQueriesByColumns((db, row: TNewPaymentRow) => {
  const newBuyer = db
    .$with('samaj_new_buyer', { id: sql<number>`id` })
    .as(
      db
        .insert(nonMemberBuyers)
        .values(placeholdersFor(NEW_BUYER_COLUMNS, BUYER_PREFIX))
        .returning({ id: nonMemberBuyers.id })
        .getSQL(),
    );
  return db
    .with(newBuyer)
    .insert(payments)
    .values({ ...valuesLockingEvent(row), nonMemberId: sql`(select id from ${newBuyer})` })
    .returning();
});

/**
 * Writes a checkout's pending payment, with the new buyer its kind's price gave, if any; a payment
 * for an event locks the event's row as it is written, for its kind's `admit`.
 */
export function storePayment(
  tx: TTx,
  newBuyer: TNewNonMemberBuyerRow | undefined,
  row: TNewPaymentRow,
): Promise<TPaymentRow[]> {
  if (!newBuyer) return insertPayment(tx, row);
  return insertPaymentWithBuyer(
    tx,
    { ...row, nonMemberId: undefined },
    prefixedValues(BUYER_PREFIX, newBuyer),
  );
}
