/**
 * How a checkout writes its pending payment (issue 14): in one statement with the non-member
 * buyer its kind's price gave, if any, and, for a ticket, the lock on its event's row that the
 * kind's `admit` then counts the seats under. Each was a round trip of its own.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { builtQueriesByColumns } from '../../db/built-query';
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

/** The new buyer's values, named apart from the payment's (both have an e-mail, a creation time). */
const NEW_BUYER_PLACEHOLDERS = {
  firstName: sql.placeholder('newBuyer.firstName'),
  lastName: sql.placeholder('newBuyer.lastName'),
  email: sql.placeholder('newBuyer.email'),
  contactPhone: sql.placeholder('newBuyer.contactPhone'),
  createdAt: sql.placeholder('newBuyer.createdAt'),
} satisfies Record<keyof Omit<TNewNonMemberBuyerRow, 'id'>, unknown>;

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
        .values(NEW_BUYER_PLACEHOLDERS)
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
  const buyerValues = Object.fromEntries(
    Object.entries(newBuyer).map(([column, value]) => [`newBuyer.${column}`, value]),
  );
  return insertPaymentWithBuyer(tx, { ...row, nonMemberId: undefined }, buyerValues);
}
