/**
 * Seats of an event (DESIGN §4): a seat is taken by a confirmed payment, and held by a pending
 * checkout until it expires (an open waiting-list offer holds seats the same way). Checkout
 * admits a purchase against both, the confirming transaction against confirmed seats only, each
 * under a row lock on the event, so two buyers can never both take the last seats.
 */
import { and, eq, getTableColumns, gt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import { askedTogether } from '../../db/asked-together';
import { builtQueriesByShape, builtQuery } from '../../db/built-query';
import { committingWith, type TTransactionEnding } from '../../db/commit-behind';
import { messageWithCode } from '../../lib/database-errors';
import type { TDbOrTx, TTx } from '../../db/client';
import { events, payments, TICKET_KINDS, type TEventRow } from '../../db/schema';
import { offeredSeatsOfEvent, type TInstantParam } from '../waitlist/waitlist-holds';

/** A payment that counts against capacity at `now`. */
export function holdsSeats(now: Date): SQL {
  return or(
    eq(payments.status, PAYMENT_STATUS_DONE),
    and(eq(payments.status, 'pending'), gt(payments.expiresAt, now)),
  ) as SQL;
}

export interface TSeatQuery {
  /** Count only confirmed payments (the seats sold). */
  confirmedOnly?: boolean;
}

/**
 * The checkout asking, whose seats a count leaves out (`readEventWithSeatsTaken`): its payment once
 * written, by its transaction id (known before it is written), and the waiting-list offer it
 * uses, if any (its buyer's seats either way).
 */
export interface TSeatsOfCheckout {
  transactionId?: string;
  offerEntryId?: number;
}

/** The row of `events` a query reads, by its qualified name (see `seatsHeldSum`). */
export const EVENT_ID_OF_ROW = sql`"events"."id"`;

const TICKET_KIND_LIST = sql.join(
  TICKET_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * Seats of checkouts not yet paid and not yet expired, as a sum over the event's pending ticket
 * payments (few: the index on event and status finds them). Written with qualified names: in a
 * select from `events` alone Drizzle renders columns unqualified, and an unqualified "id" inside
 * this subquery would be the payment's own.
 */
export function seatsHeldSum(
  eventId: SQL,
  now: TInstantParam,
  exceptTransactionId?: Placeholder,
): SQL {
  const except = exceptTransactionId
    ? sql`and held.transaction_id <> ${exceptTransactionId}`
    : sql``;
  return sql`(select coalesce(sum(held.dependent), 0) from ${payments} held
    where held.event_id = ${eventId} and held.status = 'pending'
      and held.expires_at > ${now} and held.kind in (${TICKET_KIND_LIST}) ${except})`;
}

/**
 * Seats of one event taken by ticket payments (`dependent` is the seat count; a table is 10):
 * the confirmed ones the event row keeps count of (`seats_sold`, migration 0018), and unless
 * `confirmedOnly` the ones open checkouts and waiting-list offers hold.
 */
export async function seatsTaken(
  db: TDbOrTx,
  eventId: number,
  now: Date,
  query: TSeatQuery = {},
): Promise<number> {
  const [row] = await seatsTakenQuery(db, query.confirmedOnly ? 'sold' : 'sold and held', {
    eventId,
    now: now.toISOString(),
  });
  return Number(row?.seats ?? 0);
}

/** Where a count leaves out the checkout and the offer `TSeatsOfCheckout` names. */
const EXCEPT_PLACEHOLDERS = {
  transactionId: sql.placeholder('exceptTransactionId'),
  entryId: sql.placeholder('exceptEntryId'),
};

/** The values of `EXCEPT_PLACEHOLDERS`. */
function exceptValues(except: TSeatsOfCheckout | undefined) {
  // No payment has the transaction id '' nor an entry the id 0: a checkout without a payment yet
  // or an offer leaves out none
  return {
    exceptTransactionId: except?.transactionId ?? '',
    exceptEntryId: except?.offerEntryId ?? 0,
  };
}

const seatsTakenQuery = builtQueriesByShape(
  (shape: 'sold' | 'sold and held') => shape,
  (db, shape) =>
    db
      .select({
        seats:
          shape === 'sold'
            ? sql<number>`"events"."seats_sold"`
            : seatsTakenOfRow(sql.placeholder('now')),
      })
      .from(events)
      .where(eq(events.id, sql.placeholder('eventId'))),
);

/**
 * The seats the event row's confirmed count and its open checkouts and waiting-list offers take
 * (one statement counts both), but for the checkout and offer `except` names.
 */
function seatsTakenOfRow(
  now: Placeholder,
  except?: { transactionId: Placeholder; entryId: Placeholder },
): SQL<number> {
  return sql<number>`("events"."seats_sold" + ${seatsHeldSum(EVENT_ID_OF_ROW, now, except?.transactionId)} + ${offeredSeatsOfEvent(EVENT_ID_OF_ROW, now, except?.entryId)})::int`;
}

export type TEventWithSeatsTaken = TEventRow & { seatsTaken: number };

/**
 * The event with the seats taken at `now` (sold and held, as `seatsTaken` counts them, but for
 * the checkout `except` names), in one statement: what a checkout prices from and checks first,
 * read without a lock, and what its admission counts again under the row's lock
 * (`admitUnderLock`).
 */
export async function readEventWithSeatsTaken(
  db: TDbOrTx,
  eventId: number,
  now: Date,
  except?: TSeatsOfCheckout,
): Promise<TEventWithSeatsTaken | undefined> {
  const [row] = await selectEventWithSeatsTaken(db, except !== undefined, {
    eventId,
    now: now.toISOString(),
    ...exceptValues(except),
  });
  return row;
}

const selectEventWithSeatsTaken = builtQueriesByShape(
  (exceptOne: boolean) => String(exceptOne),
  (db, exceptOne) =>
    db
      .select({
        ...getTableColumns(events),
        seatsTaken: seatsTakenOfRow(
          sql.placeholder('now'),
          exceptOne ? EXCEPT_PLACEHOLDERS : undefined,
        ),
      })
      .from(events)
      .where(eq(events.id, sql.placeholder('eventId'))),
);

/**
 * A condition of the statement that marks a ticket paid (`markPaid`): true when `seats` fit beside
 * the seats the event has sold, else it refuses (`samaj_refuse`, raising SQLSTATE SJ409, which
 * aborts the transaction). Open checkouts of others do not count here: the seat goes to whoever
 * pays first. It locks the event's row as `lockEvent` does and reads the row as the last buyer to
 * hold the lock left it, so the check and the change are one statement, and the lock is held from
 * there to the commit only; the commit may ride behind it (../../db/commit-behind.ts). The reason
 * of a refusal is read under the lock too, the row as it is now, not as the statement's snapshot
 * had it before the statement waited for the lock.
 */
export function seatsFitOrRefuse(eventId: Placeholder, seats: Placeholder): SQL {
  return sql`case when ${seats} <= (select ${events.capacity} - ${events.seatsSold} from ${events}
      where ${events.id} = ${eventId} and ${events.status} <> 'cancelled' for no key update)
    then true
    else samaj_refuse(coalesce((select case when ${events.status} = 'cancelled' then 'cancelled'
        else ${seatsLeftVerdict(events.seatsSold)} end
      from ${events} where ${events.id} = ${eventId} for no key update), 'missing')) end`;
}

/** The verdict `left:N` of a refusal, N the event row's seats left beside `taken`, never below 0. */
function seatsLeftVerdict(taken: SQL | typeof events.seatsSold): SQL {
  return sql`'left:' || greatest(0, ${events.capacity} - ${taken})`;
}

/** Why a statement refused a purchase of an event's seats (`samaj_refuse`, migration 0022). */
export type TSeatRefusal = { reason: keyof typeof SEAT_REFUSAL_MESSAGES } | { left: number };

export const SEAT_REFUSAL_MESSAGES = {
  missing: 'This event no longer exists.',
  cancelled: 'This event is cancelled.',
  over: 'This event is over; its tickets are no longer sold.',
} as const;

/** SQLSTATE of `samaj_refuse`. */
const REFUSED = 'SJ409';

const isRefusalReason = (text: string): text is keyof typeof SEAT_REFUSAL_MESSAGES =>
  Object.hasOwn(SEAT_REFUSAL_MESSAGES, text);

/** The refusal `error` carries (Drizzle wraps the driver's error in `cause`), or undefined. */
export function seatRefusalOf(error: unknown): TSeatRefusal | undefined {
  const verdict = messageWithCode(error, REFUSED);
  if (verdict === undefined) return undefined;
  const left = /^left:(\d+)$/.exec(verdict);
  if (left) return { left: Number(left[1]) };
  if (isRefusalReason(verdict)) return { reason: verdict };
  throw new Error(`Unknown seat refusal "${verdict}".`);
}

/** The buyer's sentence for a refusal: the event gone, cancelled or over, or the seats left. */
export function seatRefusalMessage(refusal: TSeatRefusal): string {
  if ('left' in refusal) return seatsLeftMessage(refusal.left);
  return SEAT_REFUSAL_MESSAGES[refusal.reason];
}

/**
 * A checkout's admission, its pending payment already written: locks the event's row until the
 * commit, then answers when `seats` fit beside confirmed seats, open checkouts and open
 * waiting-list offers (but for the checkout's own, `except`) and the event is on sale on `today`,
 * its calendar date; refuses otherwise (`samaj_refuse`, aborting the transaction), so that it may
 * be the transaction's last statement with its COMMIT behind it (../../db/commit-behind.ts).
 *
 * Two statements asked together: the lock, then the count, which starts once the lock is held and
 * so counts every checkout and confirmation that held it before (a statement sees what was
 * committed when it began; one that waited for a lock in its own course would count from before
 * the wait). Every buyer of the event queues on that lock, so it is taken last: the payment, its
 * buyer and its audit entry are written before it, and the lock is held for the count and the
 * commit only.
 */
export async function admitUnderLock(
  tx: TTx,
  admission: { eventId: number; seats: number; now: Date; today: string },
  except: TSeatsOfCheckout,
  { endsTransaction = false }: TTransactionEnding = {},
): Promise<void> {
  await askedTogether(
    () => selectEventLock(tx, { eventId: admission.eventId }),
    () =>
      committingWith(
        tx,
        () =>
          selectAdmission(tx, {
            eventId: admission.eventId,
            seats: admission.seats,
            now: admission.now.toISOString(),
            today: admission.today,
            ...exceptValues(except),
          }),
        { endsTransaction },
      ),
  );
}

/** The lock `admitUnderLock` counts under: no columns read, the row locked as `lockEvent` does. */
const selectEventLock = builtQuery((db) =>
  db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId')))
    .for('no key update'),
);

const selectAdmission = builtQuery((db) => {
  const taken = seatsTakenOfRow(sql.placeholder('now'), EXCEPT_PLACEHOLDERS);
  const verdict = sql`coalesce((select case
      when ${events.status} = 'cancelled' then 'cancelled'
      when ${events.eventDate} < ${sql.placeholder('today')} then 'over'
      when ${events.capacity} - ${taken} < ${sql.placeholder('seats')}
        then ${seatsLeftVerdict(taken)}
      else 'fits' end
    from ${events} where ${events.id} = ${sql.placeholder('eventId')}), 'missing')`;
  return db
    .select({
      admitted: sql<boolean>`case when admission.verdict = 'fits' then true
        else samaj_refuse(admission.verdict) end`,
    })
    .from(sql`(select ${verdict} as verdict) as admission`);
});

/**
 * Reads the event and locks its row until the transaction ends. Every buyer of one event queues
 * on this lock: a checkout in its admission (`admitUnderLock`), a confirmation where
 * its ticket is marked paid (`seatsFitOrRefuse`), which is what makes the seat count safe
 * to act on.
 *
 * The lock is FOR NO KEY UPDATE, the one an update of `seats_sold` takes: rows that refer to the
 * event (a payment, a ticket) take KEY SHARE on it, which FOR UPDATE would wait for. A
 * confirmation inserts its ticket before its seat check locks the event, so with FOR UPDATE two
 * confirmations of one event would each wait for the other.
 */
export async function lockEvent(tx: TTx, eventId: number): Promise<TEventRow | undefined> {
  const [row] = await selectEventForNoKeyUpdate(tx, { eventId });
  return row;
}

const eventById = (db: TDbOrTx) =>
  db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId')));

const selectEventForNoKeyUpdate = builtQuery((db) => eventById(db).for('no key update'));

/** Seats left to sell, never below zero (capacity may have been lowered after sales). */
export function seatsLeftOf(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

/** "Only N seats are left." as the buyer reads it. */
export function seatsLeftMessage(left: number): string {
  if (left <= 0) return 'This event is sold out.';
  return left === 1 ? 'Only 1 seat is left.' : `Only ${left} seats are left.`;
}
