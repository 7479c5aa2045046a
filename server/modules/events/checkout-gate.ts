/**
 * How many checkouts of one event this server runs at once (issue 14). Every checkout of an event
 * queues for the event's row lock in the database anyway; without a gate, an on-sale rush had
 * every pooled connection waiting in that queue, while confirmations and the other pages waited
 * for a connection (on PostgreSQL some gave up after five seconds). Behind the gate a buyer
 * waits in memory, holding nothing, and when their turn comes after a sell-out the sold-out memo
 * answers them without a transaction.
 *
 * A few run at once, so one checkout's work before the lock overlaps another's under it; the
 * embedded database runs one transaction at a time, and there one is enough.
 */
import type { TDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';

const AT_ONCE = { postgres: 3, pglite: 1 } as const;

interface TGate {
  running: number;
  waiting: Array<() => void>;
}

const gatesOf = perDatabase(() => new Map<number, TGate>());

/** Runs `work` for a checkout of `eventId` when fewer than the gate's size are running. */
export async function throughCheckoutGate<T>(
  database: Pick<TDatabase, 'db' | 'kind'>,
  eventId: number,
  work: () => Promise<T>,
): Promise<T> {
  const gates = gatesOf(database.db);
  let gate = gates.get(eventId);
  if (!gate) {
    gate = { running: 0, waiting: [] };
    gates.set(eventId, gate);
  }
  if (gate.running >= AT_ONCE[database.kind]) {
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.running += 1;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line; the last one out removes the gate
    const next = gate.waiting.shift();
    if (next) next();
    else {
      gate.running -= 1;
      if (gate.running === 0) gates.delete(eventId);
    }
  }
}
