/**
 * A transaction's COMMIT riding behind its last statement (issue 14). Every buyer of an event
 * queues for the event's row lock, and a lock is held until its transaction commits: with COMMIT
 * sent only once the last statement's answer had reached this server, each buyer held the lock
 * for a round trip through a busy event loop, which set the pace of an on-sale rush. Written in
 * the same write as the statement, COMMIT reaches PostgreSQL with it, and the lock is held for
 * PostgreSQL's own work only.
 *
 * So the statement must decide the transaction itself: a refusal raises an error in SQL (as
 * `samaj_refuse` does, migration 0022), which aborts the transaction, and PostgreSQL answers that
 * COMMIT as a ROLLBACK. Nothing may be sent after it, and nothing that runs after it may fail:
 * the work is committed. On the embedded database, which runs in this process, the transaction
 * commits as usual.
 */
import type { TTx } from './client';

/** What the driver's client of a PostgreSQL transaction offers (./postgres-statements.ts). */
interface TCommitBehind {
  commitBehindNext(): void;
  forgetCommitBehind(): void;
}

/** Whether a statement is the last of its transaction, as its caller knows. */
export interface TTransactionEnding {
  endsTransaction?: boolean;
}

/** What Drizzle keeps inside a transaction handle: its session, with its driver client. */
interface TSessionOf {
  session: { client: unknown };
  /** 0 for a transaction, more for a savepoint inside one, whose end is no COMMIT. */
  nestedIndex: number;
}

function commitBehindOf(tx: TTx): TCommitBehind | undefined {
  const { session, nestedIndex } = tx as unknown as TSessionOf;
  const client = session.client as Partial<TCommitBehind> | null;
  if (nestedIndex !== 0 || typeof client?.commitBehindNext !== 'function') return undefined;
  return client as TCommitBehind;
}

/**
 * Runs `statement`; when it `endsTransaction`, with the transaction's COMMIT written right behind
 * the one statement it sends at once (a statement sent later leaves the commit to the
 * transaction's end).
 */
export function committingWith<T>(
  tx: TTx,
  statement: () => Promise<T>,
  { endsTransaction = true }: TTransactionEnding = {},
): Promise<T> {
  const client = endsTransaction ? commitBehindOf(tx) : undefined;
  client?.commitBehindNext();
  try {
    // A Drizzle query builder sends its statement only when asked for its answer: asked now
    return statement().then((answer) => answer);
  } finally {
    client?.forgetCommitBehind();
  }
}
