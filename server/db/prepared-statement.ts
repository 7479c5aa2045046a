/**
 * Statements a hot route runs on every call, prepared once per connection and then only bound
 * and executed: sign-in's three (modules/auth/signin.repository.ts) and the member list's
 * (modules/members/member-list.service.ts), written by hand or built by Drizzle with
 * placeholders (`preparedStatement`).
 *
 * Why not Drizzle: on PGlite every statement Drizzle sends is parsed and planned afresh and
 * costs six calls into PGlite (parse, describe, bind, describe, execute, sync), all on the
 * server's one thread; a prepared statement is one call and no planning. Profiled under the
 * sign-in benchmark, a three-counter upsert took about 1.9 ms through `query` and 0.45 ms
 * prepared. On PostgreSQL node-postgres prepares a named statement on each pooled connection
 * the first time that connection runs it.
 *
 * Parameters travel as text and PostgreSQL casts them; a statement returns only integers,
 * floats, booleans and text, which both drivers read alike (instants as epoch milliseconds,
 * calendar dates as text).
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { TDatabase } from './client';

export interface TPreparedStatement {
  /** Unique per statement text: a connection knows the statement by this name. */
  name: string;
  text: string;
  /** A statement Drizzle built: its parameters in order, placeholders and fixed values. */
  params?: unknown[];
}

const dialect = new PgDialect();

/** A statement made of `query`, whose `sql.placeholder`s are filled at each run. */
export function preparedStatement(name: string, query: SQL): TPreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params };
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

/** The statements each PGlite instance has prepared (one connection each). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

export async function runPrepared<TRow>(
  database: TDatabase,
  statement: TPreparedStatement,
  values: readonly TParameter[],
): Promise<TRow[]> {
  // Drizzle keeps the driver's client here; TDb hides it to keep services driver-agnostic.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const text = values.map((value) => (value === null ? null : String(value)));
  if (database.kind === 'postgres') {
    const result = await (client as pg.Pool).query({
      name: statement.name,
      text: statement.text,
      values: text,
    });
    return result.rows as TRow[];
  }
  return runOnPglite<TRow>(client as PGlite, statement, text);
}

function runOnPglite<TRow>(
  client: PGlite,
  statement: TPreparedStatement,
  values: Array<string | null>,
): Promise<TRow[]> {
  const { serialize } = protocol;
  // Queued like PGlite's own `query`: after any open transaction, then alone on the connection.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let prepared = preparedOn.get(client);
      if (!prepared) {
        prepared = new Set();
        preparedOn.set(client, prepared);
      }
      if (!prepared.has(statement.name)) {
        await client.execProtocol(
          joined([
            serialize.parse({ name: statement.name, text: statement.text }),
            serialize.sync(),
          ]),
        );
        prepared.add(statement.name);
      }
      const messages = await client.execProtocolStream(
        joined([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, client.parsers)[0].rows as TRow[];
    }),
  );
}

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}
