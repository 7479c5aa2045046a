/**
 * Every statement sent to PGlite, prepared the first time its text is seen and afterwards only
 * bound and executed: one call into the database instead of six, and no parsing or planning.
 *
 * PGlite's own `query` parses, describes, binds, describes, executes and syncs each statement in
 * six calls into its WebAssembly, all on the server's one thread, and plans it afresh every time.
 * The statements Drizzle builds repeat (values travel as parameters), so here each text becomes
 * a named statement on PGlite's one connection, its parameter types and row description kept,
 * and a later run is a single bind, execute and sync. In the rush benchmark this took the server's
 * CPU per purchase from 35-43 ms to 20-30 ms; PostgreSQL itself keeps a plan per prepared
 * statement and replans when the tables under it change.
 *
 * At most MOST_STATEMENTS are kept per database; the least recently used is closed past that,
 * so statements whose text varies (a list of n values) cannot grow it without bound. Options this
 * does not handle (blobs for COPY, given parameter types or serializers) take PGlite's own path.
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { drizzleParsersOnce } from './pglite-parsers';

export const MOST_STATEMENTS = 500;

type TBackendMessage = { name: string; dataTypeIDs?: number[] };
type TQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

interface TStatement {
  name: string;
  parameterTypes: number[];
  /** The row description (or "no data") a run is read with, as describing it would answer. */
  described: TBackendMessage[];
}

const { serialize } = protocol;

/** PostgreSQL's answer when a table changed the columns a kept statement returns. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

/** Installs the prepared path on `client`'s `query` and on the `query` of its transactions. */
export function prepareEveryQuery(client: PGlite, most = MOST_STATEMENTS): void {
  const statements = new Map<string, TStatement>(); // in order of last use
  let made = 0;
  const lean = drizzleParsersOnce(client);

  async function run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const values = params.map((value, i) => asParameter(value, statement.parameterTypes[i]));
    try {
      const answered = await client.execProtocolStream(
        joined([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: !inTransaction },
      );
      return parse.parseResults(
        [...statement.described, ...answered] as Parameters<typeof parse.parseResults>[0],
        client.parsers,
        options,
      )[0];
    } catch (error) {
      const changed = (error as Error).message === RESULT_TYPE_CHANGED;
      if (changed) await forget(text);
      // Outside a transaction nothing was lost: prepared afresh, the statement runs again
      if (changed && !inTransaction) return run(text, params, options, inTransaction);
      throw withQuery(error, text, params, options);
    }
  }

  async function prepare(text: string): Promise<TStatement> {
    const name = `samaj_${++made}`;
    let described: TBackendMessage[];
    try {
      described = (await client.execProtocolStream(
        joined([
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      )) as TBackendMessage[];
    } catch (error) {
      throw withQuery(error, text, [], undefined);
    }
    const statement: TStatement = {
      name,
      parameterTypes: described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      described: described.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    };
    statements.set(text, statement);
    if (statements.size > most) {
      const [oldest] = statements.keys();
      await forget(oldest);
    }
    return statement;
  }

  async function forget(text: string): Promise<void> {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    // Closing is allowed even in a failed transaction; an error here would only leave it unused
    await client.execProtocolStream(
      joined([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
      { syncToFs: false, throwOnError: false },
    );
  }

  function asParameter(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : client.serializers[type];
    return serializer ? (serializer(value) as string) : String(value);
  }

  const ownPath = (options?: QueryOptions) =>
    Boolean(options?.blob || options?.paramTypes || options?.serializers);

  const query: TQuery = client.query.bind(client);
  client.query = ((text: string, params: unknown[] = [], options?: QueryOptions) => {
    const given = lean(options);
    if (ownPath(given)) return query(text, params, given);
    // Queued like PGlite's own `query`: after any open transaction, then alone on the connection
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run(text, params, given, false)),
    );
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const prepared = Object.create(tx) as typeof tx;
      prepared.query = ((text: string, params: unknown[] = [], options?: QueryOptions) => {
        const given = lean(options);
        if (ownPath(given) || tx.closed) return tx.query(text, params, given);
        return client._runExclusiveQuery(() => run(text, params, given, true));
      }) as typeof tx.query;
      return callback(prepared);
    })) as PGlite['transaction'];
}

/** The statement and its values on a database error, as PGlite's own `query` adds them. */
function withQuery(
  error: unknown,
  query: string,
  params: unknown[],
  options: QueryOptions | undefined,
): unknown {
  if (!(error instanceof Error) || !('code' in error)) return error;
  return Object.assign(error, { query, params, queryOptions: options });
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
