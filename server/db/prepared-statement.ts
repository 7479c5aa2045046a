/**
 * Statements a hot route runs on every call, built once and then run with their values (each
 * driver keeps them prepared per connection): sign-in's three (modules/auth/signin.repository.ts)
 * and the session look-up (modules/auth/sessions.ts), written by hand; the member roll's
 * (modules/members/member-roll.ts), built by Drizzle once; the log page's, built by Drizzle with
 * placeholders once per shape (`preparedStatementsByShape`).
 *
 * Why not Drizzle: both drivers already keep every statement prepared (pglite-statements.ts,
 * postgres-statements.ts), but Drizzle still builds each query's text afresh on every call and
 * maps every row it reads; these are built once and answer plain rows.
 *
 * Parameters travel as text and PostgreSQL casts them; a statement returns only integers,
 * floats, booleans and text, which both drivers read alike (instants as epoch milliseconds,
 * calendar dates as text).
 */
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { TDatabase } from './client';

export interface TPreparedStatement {
  text: string;
  /** A statement Drizzle built: its parameters in order, placeholders and fixed values. */
  params?: unknown[];
}

const dialect = new PgDialect();

/** A statement made of `query`, whose `sql.placeholder`s are filled at each run. */
export function preparedStatement(query: SQL): TPreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/**
 * `make` for each shape a statement takes (a combination of filters, a sort), built the first
 * time that shape is asked for and kept: the shapes are few, each a text of its own.
 */
export function preparedStatementsByShape<TShape>(
  keyOf: (shape: TShape) => string,
  make: (shape: TShape) => TPreparedStatement,
): (shape: TShape) => TPreparedStatement {
  const made = new Map<string, TPreparedStatement>();
  return (shape) => {
    const key = keyOf(shape);
    let statement = made.get(key);
    if (!statement) {
      statement = make(shape);
      made.set(key, statement);
    }
    return statement;
  };
}

/** Runs a statement `preparedStatement` made, its placeholders filled from `values`. */
export function executePrepared<TRow>(
  database: TDatabase,
  statement: TPreparedStatement,
  values: Record<string, unknown>,
): Promise<TRow[]> {
  const params = fillPlaceholders(statement.params ?? [], values).map(asParameter);
  return runPrepared<TRow>(database, statement, params);
}

function asParameter(value: unknown): TParameter {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  throw new Error(`A prepared statement takes text, numbers and booleans, not ${typeof value}.`);
}

export type TParameter = string | number | null;

export async function runPrepared<TRow>(
  database: TDatabase,
  statement: TPreparedStatement,
  values: readonly TParameter[],
): Promise<TRow[]> {
  // Drizzle keeps the driver's client here; TDb hides it to keep services driver-agnostic.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const text = values.map((value) => (value === null ? null : String(value)));
  // Each driver prepares the text the first time a connection runs it (pglite-statements.ts,
  // postgres-statements.ts)
  if (database.kind === 'postgres') {
    const result = await (client as pg.Pool).query({ text: statement.text, values: text });
    return result.rows as TRow[];
  }
  const result = await (client as PGlite).query<TRow>(statement.text, text);
  return result.rows;
}
