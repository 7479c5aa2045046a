/**
 * A Drizzle query of a hot path, built once with placeholders and afterwards only run with its
 * values, on the database or inside a transaction alike (issue 14).
 *
 * Drizzle builds a query's text afresh on every call: the query builder, its SQL tree and the
 * text. In the rush benchmark that was a quarter of a purchase's CPU on the embedded database,
 * more than any statement's own work. A built query keeps what Drizzle prepared the first time
 * (the text, its parameters with their encoders, the row mapping) and runs it on the connection
 * of whatever it is given: the pool, PGlite, or a transaction's own connection. Both drivers then
 * keep the text prepared per connection (pglite-statements.ts, postgres-statements.ts).
 *
 * For statements whose shape never changes (which columns, which conditions), or changes among a
 * few shapes (`builtQueriesByShape`; `builtQueriesByColumns` for the columns a write fills).
 * Values that vary travel as `sql.placeholder(name)`, filled at each run and encoded by their
 * column where they are a column's value. Unlike ./prepared-statement.ts (bulk reads outside any
 * transaction, plain rows), the rows come back mapped as Drizzle maps them.
 */
import { fillPlaceholders, sql, type Placeholder } from 'drizzle-orm';
import { carryLater, clientCarrying } from './carried-writes';
import type { TDbOrTx } from './client';

interface TPrepared<TResult> {
  execute(values: Record<string, unknown>): Promise<TResult>;
}

interface TPreparable<TResult> {
  /** Drizzle's; left unnamed, the driver names and keeps the text (postgres-statements.ts). */
  prepare(name?: string): TPrepared<TResult>;
}

/** What Drizzle keeps inside a database or transaction handle: its session, with its driver client. */
interface TSessionOf {
  session: { client: unknown };
}

/**
 * `build(db)` made once per driver; each call of the answer runs it on `db`'s own connection.
 * `build` must not read its argument beyond building: the query is kept for every later caller.
 */
export function builtQuery<TResult>(
  build: (db: TDbOrTx) => TPreparable<TResult>,
): (db: TDbOrTx, values: Record<string, unknown>) => Promise<TResult> {
  const run = builtQueriesByShape<null, TResult>(
    () => '',
    (db) => build(db),
  );
  return (db, values) => run(db, null, values);
}

/** A write whose text and parameters are read once per set of columns, to be carried. */
interface TCarriable extends TPreparable<unknown> {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * A write that answers nothing (an insert without `returning`), built once per set of columns the
 * row gives a value, like `builtQueriesByColumns`. In a transaction that carries writes
 * (`carryingWrites`, ./carried-writes.ts) it is queued and sent with the transaction's next
 * statement; anywhere else it runs at once. For rows nothing in the transaction reads back.
 */
export function carriedWrite<TRow extends object>(
  build: (db: TDbOrTx, placeholders: TRow) => TCarriable,
): (db: TDbOrTx, row: TRow) => Promise<void> {
  const runAlone = builtQueriesByColumns(build);
  const textByColumns = new Map<string, { sql: string; params: unknown[] }>();
  return async (db, row) => {
    const columns = columnsWithValue(row);
    const key = columns.join();
    let built = textByColumns.get(key);
    if (!built) {
      built = build(db, placeholdersFor(columns) as unknown as TRow).toSQL();
      textByColumns.set(key, built);
    }
    const queued = carryLater(db, {
      text: built.sql,
      values: fillPlaceholders(built.params, row as Record<string, unknown>),
      runAlone: () => runAlone(db, row),
    });
    if (!queued) await runAlone(db, row);
  };
}

/**
 * A statement whose shape varies a little (which columns an insert or an update writes), built
 * once per shape: `keyOf(shape)` names the shape, `build(db, shape)` makes it. The shapes a hot
 * path uses are few, so every one is kept.
 */
export function builtQueriesByShape<TShape, TResult>(
  keyOf: (shape: TShape) => string,
  build: (db: TDbOrTx, shape: TShape) => TPreparable<TResult>,
): (db: TDbOrTx, shape: TShape, values: Record<string, unknown>) => Promise<TResult> {
  // Per driver (its prepared query class), whichever database or transaction built it, and shape
  const byDriver = new Map<unknown, Map<string, TPrepared<TResult>>>();
  return (db, shape, values) => {
    const { session } = db as unknown as TSessionOf;
    let byShape = byDriver.get(session.constructor);
    if (!byShape) {
      byShape = new Map();
      byDriver.set(session.constructor, byShape);
    }
    const key = keyOf(shape);
    let prepared = byShape.get(key);
    if (!prepared) {
      prepared = build(db, shape).prepare();
      byShape.set(key, prepared);
    }
    // The kept query, run on this handle's connection: a transaction's statements must stay in it,
    // with the writes the transaction has queued (./carried-writes.ts)
    const onThisConnection = Object.create(prepared) as TPrepared<TResult> & { client: unknown };
    onThisConnection.client = clientCarrying(
      db,
      session.client as Parameters<typeof clientCarrying>[1],
    );
    return onThisConnection.execute(values);
  };
}

/**
 * An insert or an update whose columns vary with the row (a kind's price fills some, a status
 * change others), built once per set of columns the row gives a value: `build` gets a row of
 * placeholders, one per such column, to pass to `values` or `set`; each run fills them from the
 * row and from `otherValues` (the placeholders of a condition).
 */
export function builtQueriesByColumns<TRow extends object, TResult>(
  build: (db: TDbOrTx, placeholders: TRow) => TPreparable<TResult>,
): (db: TDbOrTx, row: TRow, otherValues?: Record<string, unknown>) => Promise<TResult> {
  const run = builtQueriesByShape<string[], TResult>(
    (columns) => columns.join(),
    // Drizzle's types leave placeholders out of `set`; it encodes them by column all the same
    (db, columns) => build(db, placeholdersFor(columns) as unknown as TRow),
  );
  return (db, row, otherValues = {}) => run(db, columnsWithValue(row), { ...row, ...otherValues });
}

/**
 * A placeholder named after each key (after `prefix` and the key, where one statement writes two
 * rows whose columns share names): a row of values given at each run (`prefixedValues`).
 */
export function placeholdersFor<TKey extends string>(
  keys: readonly TKey[],
  prefix = '',
): Record<TKey, Placeholder> {
  return Object.fromEntries(
    keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)]),
  ) as unknown as Record<TKey, Placeholder>;
}

/** The values of a row for the placeholders `placeholdersFor(keys, prefix)` named. */
export function prefixedValues(prefix: string, row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [`${prefix}${key}`, value]));
}

/** The keys of `row` that hold a value, in a fixed order. */
function columnsWithValue(row: object): string[] {
  return Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();
}

/**
 * `name0`, `name1`, … for a statement built once per count of values (`builtQueriesByShape`
 * keyed by the count); `numberedValues` gives them their values.
 */
export function numberedPlaceholders(name: string, count: number): Placeholder[] {
  return Array.from({ length: count }, (_, i) => sql.placeholder(`${name}${i}`));
}

export function numberedValues(name: string, values: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(values.map((value, i) => [`${name}${i}`, value]));
}
