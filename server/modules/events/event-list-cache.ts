/**
 * The public event lists, answered from memory (issue 14, PITFALLS #18): every visitor and every
 * on-sale rush reads them, and on the embedded database each read would wait in the one
 * connection's queue behind the seat count over all payments.
 *
 * A list is kept as its JSON text for at most TTL_MS by the app's clock, and dropped at once when anything in this process changes seats or events
 * (`eventListsChanged`, called by the services that hold, sell, release or refund seats and
 * edit events). Another instance's changes reach this one within TTL_MS. So a list is never more
 * than a second stale, and a sale shows at once on the instance that made it.
 *
 * Concurrent misses for one list share one database read. A read that was under way when a
 * change came is answered to its callers but not kept.
 */

const TTL_MS = 1000;
/** Lists of past days and events stay behind; past this many keys the map starts afresh. */
const MAX_ENTRIES = 1000;

/** Bumped on every change; lists built before the bump are not served after it. */
let generation = 0;

/** Seats or events changed: every cached list of this process is dropped. */
export function eventListsChanged(): void {
  generation += 1;
}

interface TEntry {
  generation: number;
  /** The app clock's time of the read, ms. */
  readAt: number;
  json: string;
}

export class EventListCache {
  private readonly entries = new Map<string, TEntry>();
  private readonly loading = new Map<string, { generation: number; json: Promise<string> }>();

  /** The list under `key` as JSON text: from memory when fresh, else from `load`. */
  async get(key: string, now: Date, load: () => Promise<unknown>): Promise<string> {
    const entry = this.entries.get(key);
    const nowMs = now.getTime();
    if (
      entry &&
      entry.generation === generation &&
      nowMs >= entry.readAt &&
      nowMs - entry.readAt < TTL_MS
    ) {
      return entry.json;
    }
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.json;

    const startedAt = generation;
    const json = load().then((value) => JSON.stringify(value));
    this.loading.set(key, { generation: startedAt, json });
    try {
      const text = await json;
      if (startedAt === generation) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, { generation: startedAt, readAt: nowMs, json: text });
      }
      return text;
    } finally {
      if (this.loading.get(key)?.json === json) this.loading.delete(key);
    }
  }
}

/** Awaits a write (a transaction) that changes seats or events, then drops the cached lists. */
export async function changingEventLists<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    eventListsChanged();
  }
}
