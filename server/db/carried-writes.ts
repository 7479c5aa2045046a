/**
 * Writes that ride with a transaction's next statement (issue 14). A confirmation writes four rows
 * nothing in its transaction reads back (the payment's history entry, the door ticket, the receipt
 * in the outbox, the audit entry), and each was a round trip of its own: on PostgreSQL a write to
 * the socket and a wait for the answer, on the embedded database a call into its engine. Inside
 * `carryingWrites`, such a write (`carriedWrite` in ./built-query.ts) is queued instead, and the
 * transaction's next built statement sends the queue with it, as data-modifying WITH clauses in
 * front of its own text:
 *
 *   with samaj_carried_1 as (insert into "audit_logs" … values ($4, …)) insert into "payments" …
 *
 * PostgreSQL runs every such clause once and to the end, whether or not the statement reads it,
 * so the rows are written exactly as if sent alone, in the same transaction; what the statement
 * itself reads does not yet include them. Only rows the transaction never reads back are carried.
 * It runs them after the statement itself, so a statement that takes a lock others wait for sends
 * the queue ahead of it instead (`sendCarriedAhead`), in the same write but as a statement of its
 * own: the rows are written before the lock is taken, not while others wait for it.
 * Whatever is still queued when the work ends is sent before it returns, so the commit always
 * follows every write. Work that throws drops its queue with it, its transaction rolling back.
 */
import type { TTx } from './client';

export interface TCarriedWrite {
  /** The statement's text, its parameters numbered from $1. */
  text: string;
  /** Its parameters' values, as the driver takes them. */
  values: unknown[];
  /** Sends it as a statement of its own, carrying what is queued before it. */
  runAlone: () => Promise<unknown>;
}

/** What Drizzle keeps inside a database or transaction handle: its session. */
interface TSessionOf {
  session: object;
}

/** The driver's client as a statement uses it: `query(text or config, values, …)`. */
interface TQueryClient {
  query(config: unknown, values?: unknown[], ...rest: unknown[]): unknown;
}

/** The queue of each carrying transaction, by its Drizzle session. */
const queues = new WeakMap<object, TCarriedWrite[]>();

const sessionOf = (db: unknown) => (db as TSessionOf).session;

/**
 * Runs `work` with the writes made through `carriedWrite` on `tx` queued and carried by the next
 * statement; the last of them goes alone at the end. Inside a carrying scope already, it only
 * runs `work`: the outer scope sends the queue.
 */
export async function carryingWrites<T>(tx: TTx, work: () => Promise<T>): Promise<T> {
  const session = sessionOf(tx);
  if (queues.has(session)) return work();
  const queue: TCarriedWrite[] = [];
  queues.set(session, queue);
  try {
    const answer = await work();
    await queue.pop()?.runAlone();
    return answer;
  } finally {
    queues.delete(session);
  }
}

/** Queues `write` when `db` is a carrying transaction; false when it is not, and nothing queued. */
export function carryLater(db: unknown, write: TCarriedWrite): boolean {
  const queue = queues.get(sessionOf(db));
  if (!queue) return false;
  queue.push(write);
  return true;
}

/**
 * Sends what `db` has queued now, as one statement, without waiting for its answer: asked for
 * together with the statement that follows it (./asked-together.ts), both leave in one write.
 * Answers at once when nothing is queued.
 */
export function sendCarriedAhead(db: unknown): Promise<unknown> {
  return queues.get(sessionOf(db))?.pop()?.runAlone() ?? Promise.resolve();
}

/**
 * The client a built statement on `db` runs on: `client` itself, or, with writes queued, one that
 * sends them in front of the statement (and empties the queue).
 */
export function clientCarrying(db: unknown, client: TQueryClient): TQueryClient {
  const queue = queues.get(sessionOf(db));
  if (!queue || queue.length === 0) return client;
  const carried = queue.splice(0);
  return {
    query(config, values = [], ...rest) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const combined = textCarrying(text, values.length, carried);
      const allValues = [...values, ...carried.flatMap((write) => write.values)];
      // PGlite takes the text itself, node-postgres a config holding it
      const withText =
        typeof config === 'string' ? combined : { ...(config as object), text: combined };
      return client.query(withText, allValues, ...rest);
    },
  };
}

/**
 * `text` with `carried` in WITH clauses in front, their parameters numbered after the statement's
 * own `ownCount`. A statement that has WITH clauses of its own keeps them after the carried ones.
 */
export function textCarrying(text: string, ownCount: number, carried: TCarriedWrite[]): string {
  let offset = ownCount;
  const clauses = carried.map((write, i) => {
    const renumbered = write.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += write.values.length;
    return `samaj_carried_${i + 1} as (${renumbered})`;
  });
  const own = /^\s*with(\s+recursive)?\s+/i.exec(text);
  if (!own) return `with ${clauses.join(', ')} ${text}`;
  const recursive = own[1] ? ' recursive' : '';
  return `with${recursive} ${clauses.join(', ')}, ${text.slice(own[0].length)}`;
}
