/**
 * Every statement sent to PostgreSQL through the pool, prepared on each pooled connection the first time
 * that connection runs its text, and afterwards only bound and executed: PostgreSQL neither parses
 * nor plans it again. PostgreSQL shares the machine with the server, so what it is spared is time
 * given back to the requests (the PGlite counterpart is pglite-statements.ts).
 *
 * node-postgres prepares a statement that carries a name; this gives each distinct text a name of
 * its own, never reused, for at most MOST_NAMED texts (past that a statement runs unnamed, so texts
 * that vary, a list of n values, cannot grow every connection without bound). Should a table's
 * columns change under a kept statement (another instance migrated), its text is given a new name
 * and prepared afresh on its next run.
 *
 * The connections pipeline (node-postgres' `pipeline`): a statement is written as soon as it is
 * asked for, behind any still unanswered, and PostgreSQL runs them in order, each as if sent
 * alone. A transaction's BEGIN uses it to ride with the transaction's first statement (issue 14):
 * it is answered at once, its own answer joining that statement's, one round trip fewer for every
 * transaction.
 */
import type { Writable } from 'node:stream';
import pg from 'pg';

export const MOST_NAMED = 500;

/** PostgreSQL's answer when a table changed the columns a kept statement returns. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

type TQueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** A transaction's first statement, as Drizzle sends it. */
function isBegin(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as TQueryConfig | null)?.text;
  return text === 'begin';
}

/** What BEGIN answers: no rows. */
const BEGUN = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

/** A pg.Client class for a pool, naming the statements of `pool.query` and of transactions. */
export function preparingClient(most = MOST_NAMED): typeof pg.Client {
  const names = new Map<string, string>();
  let made = 0;

  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= most) return known;
    const name = `samaj_${++made}`;
    names.set(text, name);
    return name;
  };

  class PreparingClient extends pg.Client {
    /** The BEGIN written but not yet answered, which the next statement's answer waits for. */
    private unansweredBegin: Promise<unknown> | undefined;
    /** Sends a BEGIN kept in the socket's buffer; set while one is kept. */
    private sendKeptBegin: (() => void) | undefined;

    constructor(config?: pg.ClientConfig) {
      super({ ...config, pipeline: true } as pg.ClientConfig);
    }

    // node-postgres' own overloads; the statement's config is the only argument looked at
    query(...args: unknown[]): never {
      if (isBegin(args[0])) return this.begin(args) as never;
      let answer: unknown;
      try {
        answer = this.prepared(...args);
      } finally {
        this.sendKeptBegin?.();
      }
      const begin = this.unansweredBegin;
      if (!begin || !(answer instanceof Promise)) return answer as never;
      this.unansweredBegin = undefined;
      return Promise.all([begin, answer]).then(([, own]) => own) as never;
    }

    /**
     * Answers BEGIN at once. Its messages wait in the socket's buffer for the next statement's,
     * so that both leave in one write (a system call fewer per transaction), or for the end of
     * this turn of the event loop should no statement follow in it.
     */
    private begin(args: unknown[]): unknown {
      const socket = (this as unknown as { connection?: { stream?: Writable } }).connection?.stream;
      if (socket && !this.sendKeptBegin) {
        socket.cork();
        const keptUntil = setImmediate(() => this.sendKeptBegin?.());
        this.sendKeptBegin = () => {
          this.sendKeptBegin = undefined;
          clearImmediate(keptUntil);
          socket.uncork();
        };
      }
      const answer = this.prepared(...args);
      if (!(answer instanceof Promise)) return answer;
      this.unansweredBegin = answer;
      answer.catch(() => undefined); // answered with the next statement's
      return Promise.resolve(BEGUN);
    }

    private prepared(...args: unknown[]): unknown {
      const [config, ...rest] = args;
      const call = (given: unknown) =>
        (super.query as (...all: unknown[]) => unknown)(given, ...rest) as never;
      const unnamed =
        typeof config === 'object' &&
        config !== null &&
        typeof (config as TQueryConfig).text === 'string' &&
        (config as TQueryConfig).name === undefined &&
        typeof (config as TQueryConfig).submit !== 'function';
      if (!unnamed) return call(config);
      const text = (config as { text: string }).text;
      const name = nameFor(text);
      if (!name) return call(config);
      const answer = call({ ...config, name }) as unknown;
      if (!(answer instanceof Promise)) return answer as never;
      return answer.catch((error: unknown) => {
        if ((error as Error).message === RESULT_TYPE_CHANGED && names.get(text) === name) {
          names.delete(text);
        }
        throw error;
      }) as never;
    }
  }
  return PreparingClient;
}
