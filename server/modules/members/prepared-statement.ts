/**
 * A hot read as a prepared statement: parsed and planned once per connection, then only run.
 *
 * PGlite parses and plans every statement it is sent afresh, in WebAssembly on the server's own
 * thread; for the member list that was most of the statement's cost (0.9 ms of 1.1 ms for a
 * search with one match, measured). There the statement is made with `PREPARE` and run with
 * `EXECUTE`, which takes no bind parameters: the values go in as literals, numbers, booleans and
 * strings only, a string as an escape string (`E'…'`, quotes and backslashes doubled) so that its
 * meaning does not hang on `standard_conforming_strings`; a string holding a NUL, which would end
 * the statement's text early, is refused. On PostgreSQL, node-postgres prepares a named statement
 * on each pooled connection the first time that connection runs it.
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { TDatabase } from '../../db/client';
import { invalid } from '../../lib/errors';

export interface TPreparedStatement {
  name: string;
  text: string;
  /** The statement's parameters in order: placeholders, and any value fixed in its text. */
  params: unknown[];
}

const dialect = new PgDialect();

/** A statement made of `query`, whose values are placeholders filled at each run. */
export function preparedStatement(name: string, query: SQL): TPreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params };
}

/**
 * Per database (PGlite), the statements prepared or being prepared, by name: requests that arrive
 * together wait for the one `PREPARE` rather than each sending their own (the second would fail).
 */
const preparedOn = new WeakMap<TDatabase, Map<string, Promise<unknown>>>();
/** PostgreSQL's "prepared statement does not exist". */
const UNKNOWN_STATEMENT = '26000';

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && !value.includes('\0')) {
    return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  }
  throw invalid('The request holds a value that cannot be searched for.');
}

export async function executePrepared<T>(
  database: TDatabase,
  statement: TPreparedStatement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  if (database.kind === 'postgres') {
    // The pool hands each connection the statement once (node-postgres keeps count by name)
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const result = await pool.query({ name: statement.name, text: statement.text, values: params });
    return result.rows as T[];
  }
  return executeOnPglite<T>(database, statement, params.map(literal));
}

async function executeOnPglite<T>(
  database: TDatabase,
  statement: TPreparedStatement,
  literals: string[],
): Promise<T[]> {
  const client = (database.db as unknown as { $client: { query: PgliteQuery } }).$client;
  let prepared = preparedOn.get(database);
  if (!prepared) preparedOn.set(database, (prepared = new Map()));
  const run = async (): Promise<T[]> => {
    let preparing = prepared.get(statement.name);
    if (!preparing) {
      preparing = client.query(`prepare ${statement.name} as ${statement.text}`);
      prepared.set(statement.name, preparing);
      // A failed PREPARE is tried again by the next request
      preparing.catch(() => prepared.delete(statement.name));
    }
    await preparing;
    return (await client.query<T>(`execute ${statement.name}(${literals.join(', ')})`)).rows;
  };
  try {
    return await run();
  } catch (error) {
    // A prepared statement lives as long as the connection: one dropped (DISCARD) is made again
    if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) throw error;
    prepared.delete(statement.name);
    return run();
  }
}

type PgliteQuery = <T>(text: string) => Promise<{ rows: T[] }>;
