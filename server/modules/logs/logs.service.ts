/**
 * The audit log list (spec 02 §2.6), built to stay fast with millions of rows:
 * - the filter is a substring match on the stored search text the trigram index is built on,
 *   the index searched with the term's most telling part (see `filterValues`);
 * - the total is counted only up to LOG_COUNT_CAP, and a filter whose count passed the cap is
 *   not counted again (see `knownCapped`);
 * - a filter that matches fewer entries than the cap is read once: the page and the count come
 *   from the same pass over its matches (for a rare term, one trigram index scan instead of two);
 * - a page past the cap walks its sort column's index; the default order (newest first) walks
 *   the (created_at, id) index, by offset for the first pages and by keyset (`after` = the last
 *   id seen) beyond them.
 * Each read is one prepared statement (logs.statements.ts).
 */
import {
  LOG_COUNT_CAP,
  type TLogEntry,
  type TLogListParams,
  type TLogListResponse,
} from '../../../domain/contracts/logs';
import { perDatabase } from '../../db/per-database';
import type { TDatabase } from '../../db/client';
import { executePrepared } from '../../db/prepared-statement';
import {
  pageStatementFor,
  pageWithCountStatementFor,
  type TEntryJson,
  type TFilterKind,
  type TShape,
} from './logs.statements';

/** `%`, `_` and the escape character itself are data in a filter, not wildcards. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The longest run of three or more digits in `term`, if it has one. */
function longestDigitRun(term: string): string | undefined {
  const runs = term.match(/\d{3,}/g) ?? [];
  return runs.reduce<string | undefined>(
    (longest, run) => (longest === undefined || run.length > longest.length ? run : longest),
    undefined,
  );
}

/**
 * How the index finds the entries whose search text holds `term` (lowercase). The trigram index
 * answers a pattern by intersecting the entries of every trigram in it, and in a log the words
 * come from a small vocabulary (the messages, user types and methods: "mem" and "ber" are in
 * most entries), while numbers (ids, addresses) set an entry apart. Reading the long lists of the
 * common words cost about 30 times the rest for "member 1234", so a term with a run of 3+ digits
 * is looked up in the index by its longest run alone, and the whole term is checked (strpos,
 * which the index does not serve, so it stays a check on those candidates) on what that finds.
 */
function filterValues(term: string): { kind: TFilterKind; pattern: string } {
  const key = longestDigitRun(term);
  if (key === undefined || key === term) return { kind: 'pattern', pattern: likePattern(term) };
  return { kind: 'key', pattern: likePattern(key) };
}

function present(entry: TEntryJson): TLogEntry {
  return {
    id: entry.id,
    user: entry.user,
    email: entry.email,
    userType: entry.userType,
    ip_address: entry.ipAddress,
    method_type: entry.methodType,
    logger_message: entry.loggerMessage,
    created_at: new Date(entry.createdMs).toISOString(),
  };
}

/**
 * The filters (lowercase terms; '' for none) whose matches are known to pass LOG_COUNT_CAP, per
 * database. The log is append-only: entries are added, never changed or deleted (a restore
 * replaces the database with the server stopped), so a count that once passed the cap passes it
 * for good, and counting it again would read 10,001 matches on every page for nothing. Bounded:
 * a filter forgotten is only counted once more.
 */
const cappedSetOf = perDatabase(() => new Set<string>());
const KNOWN_CAPPED_MAX = 1_000;

function cappedSet(database: TDatabase): Set<string> {
  return cappedSetOf(database.db);
}

function rememberCapped(database: TDatabase, term: string): void {
  const set = cappedSet(database);
  if (set.size >= KNOWN_CAPPED_MAX) set.clear();
  set.add(term);
}

export async function listAuditLogs(
  database: TDatabase,
  params: TLogListParams,
): Promise<TLogListResponse> {
  const term = params.filter?.toLowerCase() ?? '';
  const after = params.after !== undefined;
  const values = {
    term,
    limit: params.pageSize,
    offset: after ? 0 : (params.page - 1) * params.pageSize,
    after: params.after,
  };
  const shape = { sort: params.sort, direction: params.direction, after };
  const readCappedPage = async (): Promise<TEntryJson[]> => {
    const scan: TShape = { ...shape, filter: term ? 'scan' : 'none' };
    const [{ rows }] = await executePrepared<{ rows: string }>(
      database,
      pageStatementFor(scan),
      values,
    );
    return JSON.parse(rows) as TEntryJson[];
  };

  let entries: TEntryJson[];
  let counted: number;
  if (cappedSet(database).has(term)) {
    entries = await readCappedPage();
    counted = LOG_COUNT_CAP + 1;
  } else {
    const { kind, pattern } = term ? filterValues(term) : { kind: 'none' as const, pattern: '' };
    const [found] = await executePrepared<{ counted: number; rows: string }>(
      database,
      pageWithCountStatementFor({ ...shape, filter: kind }),
      { ...values, pattern },
    );
    counted = found.counted;
    if (counted > LOG_COUNT_CAP) {
      rememberCapped(database, term);
      entries = await readCappedPage();
    } else {
      entries = JSON.parse(found.rows) as TEntryJson[];
    }
  }
  const isDefaultOrder = params.sort === 'created_at' && params.direction === 'desc';
  const last = entries.at(-1);
  return {
    items: entries.map(present),
    total: Math.min(counted, LOG_COUNT_CAP),
    totalCapped: counted > LOG_COUNT_CAP,
    nextCursor: isDefaultOrder && last && entries.length === params.pageSize ? last.id : null,
  };
}
