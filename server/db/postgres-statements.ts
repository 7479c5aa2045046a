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
 * alone. The statements asked for in one turn of this process leave in one write
 * (`keepWritesTogether`). A transaction's BEGIN uses it to ride with the transaction's first
 * statement (issue 14): it is answered at once, its own answer joining that statement's, one round
 * trip fewer for every transaction. Its COMMIT may ride behind its last statement the same way
 * (`commitBehindNext`, ./commit-behind.ts): the locks that statement takes are then held for
 * PostgreSQL's own work only, not for a round trip to this server and back.
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

/** Why a ROLLBACK behind a COMMIT that succeeded fails: nothing can be undone. */
const FAILED_AFTER_COMMIT =
  'The work failed after its transaction was already committed; what it wrote is kept.';

/** What a ROLLBACK answers, for one with nothing left to undo. */
const ROLLED_BACK = () => ({ command: 'ROLLBACK', rowCount: null, rows: [], fields: [] });

/** A transaction's last statement, as Drizzle sends it. */
function endOf(config: unknown): 'commit' | 'rollback' | undefined {
  const text = typeof config === 'string' ? config : (config as TQueryConfig | null)?.text;
  return text === 'commit' || text === 'rollback' ? text : undefined;
}

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
    /** Set by `commitBehindNext` until the next statement is written. */
    private commitAsked = false;
    /** The answer of a COMMIT already written behind the transaction's last statement. */
    private earlyCommit: Promise<{ command?: string }> | undefined;
    /** Set while the statements written in this turn wait in the socket's buffer. */
    private writesKept = false;

    constructor(config?: pg.ClientConfig) {
      super({ ...config, pipeline: true } as pg.ClientConfig);
    }

    /** The connection's socket, once node-postgres has made it. */
    private get socket(): Writable | undefined {
      return (this as unknown as { connection?: { stream?: Writable } }).connection?.stream;
    }

    // node-postgres' own overloads; the statement's config is the only argument looked at
    query(...args: unknown[]): never {
      this.keepWritesTogether();
      if (this.earlyCommit) return this.afterEarlyCommit(args[0]) as never;
      if (isBegin(args[0])) return this.begin(args) as never;
      if (this.commitAsked) return this.withCommitBehind(args) as never;
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
     * Keeps what is written to the socket in its buffer until the synchronous work of this turn
     * (and, asked from a promise callback, the promise callbacks queued with it) is done:
     * statements asked for together (./asked-together.ts, a confirmation's writes sent ahead, a
     * COMMIT behind) leave in one write, one system call, and reach PostgreSQL in one read, where
     * node-postgres writes each statement on its own.
     */
    private keepWritesTogether(): void {
      if (this.writesKept) return;
      const socket = this.socket;
      if (!socket) return;
      this.writesKept = true;
      socket.cork();
      process.nextTick(() => {
        this.writesKept = false;
        socket.uncork();
      });
    }

    /**
     * Answers BEGIN at once. Its messages wait in the socket's buffer for the next statement's,
     * so that both leave in one write (a system call fewer per transaction), or for the end of
     * this turn of the event loop should no statement follow in it.
     */
    private begin(args: unknown[]): unknown {
      const socket = this.socket;
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

    /**
     * The next statement is its transaction's last: COMMIT is written right behind it, in the
     * same write. Should the statement fail, PostgreSQL answers that COMMIT as a ROLLBACK.
     */
    commitBehindNext(): void {
      this.commitAsked = true;
    }

    /** Forgets a `commitBehindNext` no statement followed: the transaction commits as usual. */
    forgetCommitBehind(): void {
      this.commitAsked = false;
    }

    private withCommitBehind(args: unknown[]): unknown {
      this.commitAsked = false;
      const socket = this.socket;
      socket?.cork();
      try {
        const answer = this.query(...args);
        const commit = this.prepared({ text: 'commit' });
        if (commit instanceof Promise) {
          this.earlyCommit = commit as Promise<{ command?: string }>;
          this.earlyCommit.catch(() => undefined); // answered to Drizzle's own COMMIT or ROLLBACK
        }
        return answer;
      } finally {
        socket?.uncork();
      }
    }

    /**
     * Drizzle's own COMMIT gets the answer of the one already written; its ROLLBACK (the work
     * threw, after its last statement failed) has nothing left to undo. Nothing else may follow,
     * and work that fails after its last statement committed is told so: what it wrote is kept.
     */
    private afterEarlyCommit(config: unknown): Promise<unknown> {
      const commit = this.earlyCommit as Promise<{ command?: string }>;
      const end = endOf(config);
      if (end === undefined) {
        return Promise.reject(
          new Error('A statement was sent after its transaction was already committed.'),
        );
      }
      this.earlyCommit = undefined;
      if (end === 'rollback')
        return commit.then((answer) => {
          if (answer.command === 'COMMIT') throw new Error(FAILED_AFTER_COMMIT);
          return ROLLED_BACK();
        }, ROLLED_BACK);
      return commit.then((answer) => {
        // PostgreSQL answers COMMIT of a transaction a failed statement aborted with ROLLBACK
        if (answer.command !== 'COMMIT')
          throw new Error('The transaction was rolled back: one of its statements failed.');
        return answer;
      });
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
