/**
 * Events this server found sold out within the last second (issue 14). In an on-sale rush most
 * buyers arrive after the last seat has gone, and each would otherwise wait for the event's row
 * lock only to count the seats and be told "This event is sold out.": on PostgreSQL they starved
 * the connection pool, on the embedded database each of them ran a dozen statements. The
 * checkout gate (./checkout-gate.ts) asks it again when a waiting buyer's turn comes.
 *
 * A remembered sell-out answers a checkout at once for at most MEMO_MS, the staleness the public
 * event list already has (./event-list-cache.ts). Seats freed through this server (a checkout
 * cancelled, refunded or expired, an event edited) forget the event at once; seats freed by a
 * hold lapsing or through another instance show within the second. Kept per database, so apps
 * on other databases in one process (the tests) never share it.
 */
import type { TDb } from '../../db/client';
import { perDatabase } from '../../db/per-database';

const MEMO_MS = 1000;

/** Per database: event id → the app clock's time (ms) its seats were last found all taken. */
const memoOf = perDatabase(() => new Map<number, number>());

export function rememberSoldOut(db: TDb, eventId: number, now: Date): void {
  memoOf(db).set(eventId, now.getTime());
}

export function isKnownSoldOut(db: TDb, eventId: number, now: Date): boolean {
  const memo = memoOf(db);
  const at = memo.get(eventId);
  if (at === undefined) return false;
  const age = now.getTime() - at;
  if (age >= 0 && age < MEMO_MS) return true;
  memo.delete(eventId);
  return false;
}

/** Seats of the event (or, without an id, of any event) may have come free. */
export function seatsMayHaveFreed(db: TDb, eventId?: number | null): void {
  const memo = memoOf(db);
  if (eventId === undefined || eventId === null) memo.clear();
  else memo.delete(eventId);
}
