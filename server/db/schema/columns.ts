import { sql, type SQL } from 'drizzle-orm';
import { check, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every instant is stored in UTC as `timestamp with time zone` and read as a JS Date. */
export function instant(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

/** Services pass the injected clock's time; the default only covers rows written by hand. */
export function createdAt() {
  return instant('created_at').notNull().defaultNow();
}

export function updatedAt() {
  return instant('updated_at').notNull().defaultNow();
}

/**
 * The lower-cased, space-joined text of some columns: the expression a trigram index is built on.
 * A query must use the very same expression (call this with the same columns) for the planner to
 * pick the index. `||` and `lower` are immutable, which an index expression requires (`concat_ws`
 * is not).
 */
export function searchText(...columns: AnyPgColumn[]): SQL {
  const parts = columns.map((column) =>
    column.notNull ? sql`${column}` : sql`coalesce(${column}, '')`,
  );
  return sql`lower(${sql.join(parts, sql` || ' ' || `)})`;
}

/**
 * `column in ('a', 'b')` for a CHECK constraint. Literals are inlined: a constraint cannot hold
 * parameters.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`));
  return sql`${column} in (${sql.join(literals, sql`, `)})`;
}

/** A validity window may be open at either end, but never ends before it starts. */
export function validityCheck(name: string, from: AnyPgColumn, to: AnyPgColumn) {
  return check(name, sql`${from} is null or ${to} is null or ${from} <= ${to}`);
}
