/**
 * How a checkout writes its pending payment (issue 14): in one statement with the non-member
 * buyer its kind's price gave, if any. Each was a round trip of its own. A ticket's event is not
 * locked here: its kind's `admit` takes the lock after the write, for as short a time as it can
 * (`admitUnderLock`).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { builtQueriesByColumns, placeholdersFor, prefixedValues } from '../../db/built-query';
import type { TTx } from '../../db/client';
import {
  nonMemberBuyers,
  payments,
  type TNewNonMemberBuyerRow,
  type TNewPaymentRow,
  type TPaymentRow,
} from '../../db/schema';

/** The new payment row, built once per set of columns a kind's price fills. */
const insertPayment = builtQueriesByColumns((db, row: TNewPaymentRow) =>
  db.insert(payments).values(row).returning(),
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
    .values({ ...row, nonMemberId: sql`(select id from ${newBuyer})` })
    .returning();
});

/** Writes a checkout's pending payment, with the new buyer its kind's price gave, if any. */
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
