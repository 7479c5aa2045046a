/**
 * The audit log list (spec 02 §2.6), built to stay fast with millions of rows:
 * - the filter is a substring match on the stored search text the trigram index is built on,
 *   the index searched with the term's most telling part (see `filterCondition`);
 * - the total is counted only up to LOG_COUNT_CAP, and a filter whose count passed the cap is
 *   not counted again (see `knownCapped`);
 * - a filter that matches fewer entries than the cap is read once: the page and the count come
 *   from the same pass over its matches (for a rare term, one trigram index scan instead of two);
 * - the default order (newest first) walks the (created_at, id) index, by offset for the first
 *   pages and by keyset (`after` = the last id seen) beyond them.
 */
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import {
  LOG_COUNT_CAP,
  type TLogEntry,
  type TLogListParams,
  type TLogListResponse,
  type TLogSortColumn,
} from '../../../domain/contracts/logs';
import type { TDbOrTx } from '../../db/client';
import { auditLogs, type TAuditLogRow } from '../../db/schema';

/** An entry as the list reads it: every column but the search text, which only the filter uses. */
type TEntryRow = Omit<TAuditLogRow, 'searchText'>;

const ENTRY_FIELDS = {
  id: auditLogs.id,
  user: auditLogs.user,
  email: auditLogs.email,
  userType: auditLogs.userType,
  ipAddress: auditLogs.ipAddress,
  methodType: auditLogs.methodType,
  loggerMessage: auditLogs.loggerMessage,
  createdAt: auditLogs.createdAt,
} as const satisfies Record<keyof TEntryRow, unknown>;

const SORT_FIELDS = {
  user: 'user',
  email: 'email',
  userType: 'userType',
  ip_address: 'ipAddress',
  method_type: 'methodType',
  logger_message: 'loggerMessage',
  created_at: 'createdAt',
} as const satisfies Record<TLogSortColumn, keyof TEntryRow>;

/** `%`, `_` and the escape character itself are data in a filter, not wildcards. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
 * Entries whose search text holds `filter`. The trigram index answers a pattern by intersecting
 * the entries of every trigram in it, and in a log the words come from a small vocabulary (the
 * messages, user types and methods: "mem" and "ber" are in most entries), while numbers (ids,
 * addresses) set an entry apart. Reading the long lists of the common words cost about 30 times
 * the rest for "member 1234", so a term with a run of 3+ digits is looked up in the index by its
 * longest run alone, and the whole term is checked (strpos, which the index does not serve, so
 * it stays a check on those candidates) on what that finds. Terms without such a run, or that
 * are nothing else, are matched as before.
 */
function filterCondition(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const text = auditLogs.searchText;
  const term = filter.toLowerCase();
  const key = longestDigitRun(term);
  if (key === undefined || key === term) return sql`${text} like ${likePattern(term)}`;
  return sql`${text} like ${likePattern(key)} and strpos(${text}, ${term}) > 0`;
}

/** Entries strictly older than entry `afterId` in the (created_at desc, id desc) order. */
function afterCondition(afterId: number | undefined): SQL | undefined {
  if (afterId === undefined) return undefined;
  return sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (select c.created_at, c.id from ${auditLogs} c where c.id = ${afterId})`;
}

function present(row: TEntryRow): TLogEntry {
  return {
    id: row.id,
    user: row.user,
    email: row.email,
    userType: row.userType,
    ip_address: row.ipAddress,
    method_type: row.methodType,
    logger_message: row.loggerMessage,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The filters (their LIKE patterns; '' for none) whose matches are known to pass LOG_COUNT_CAP,
 * per database. The log is append-only: entries are added, never changed or deleted (a restore
 * replaces the database with the server stopped), so a count that once passed the cap passes it
 * for good, and counting it again would read 10,001 matches on every page for nothing. Bounded:
 * a filter forgotten is only counted once more.
 */
const knownCapped = new WeakMap<object, Set<string>>();
const KNOWN_CAPPED_MAX = 1_000;

function cappedSet(db: TDbOrTx): Set<string> {
  let set = knownCapped.get(db);
  if (!set) {
    set = new Set();
    knownCapped.set(db, set);
  }
  return set;
}

function rememberCapped(db: TDbOrTx, key: string): void {
  const set = cappedSet(db);
  if (set.size >= KNOWN_CAPPED_MAX) set.clear();
  set.add(key);
}

async function countUpToCap(db: TDbOrTx, where: SQL | undefined): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(auditLogs)
    .where(where)
    .limit(LOG_COUNT_CAP + 1)
    .as('limited');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(limited);
  return row.count;
}

type TPage = Pick<TLogListParams, 'sort' | 'direction' | 'page' | 'pageSize' | 'after'>;

function offsetOf(params: TPage): number {
  return params.after === undefined ? (params.page - 1) * params.pageSize : 0;
}

/** The page by the sort column's index (or the trigram index for a rare term). */
function readPage(db: TDbOrTx, filter: SQL | undefined, params: TPage): Promise<TEntryRow[]> {
  const order = params.direction === 'asc' ? asc : desc;
  // id breaks ties so that paging never repeats or skips entries with equal sort values.
  return db
    .select(ENTRY_FIELDS)
    .from(auditLogs)
    .where(and(filter, afterCondition(params.after)))
    .orderBy(order(auditLogs[SORT_FIELDS[params.sort]]), order(auditLogs.id))
    .limit(params.pageSize)
    .offset(offsetOf(params));
}

/**
 * The first LOG_COUNT_CAP + 1 matches of `filter`, read once: their number, and the page sorted
 * from them. The page is right only when they are all the matches (counted <= LOG_COUNT_CAP);
 * `counted` is undefined when the page is empty.
 */
async function readPageWithCount(
  db: TDbOrTx,
  filter: SQL | undefined,
  params: TPage,
): Promise<{ rows: TEntryRow[]; counted: number | undefined }> {
  const matches = db.$with('matches').as(
    db
      .select(ENTRY_FIELDS)
      .from(auditLogs)
      .where(filter)
      .limit(LOG_COUNT_CAP + 1),
  );
  const order = params.direction === 'asc' ? asc : desc;
  const { id, user, email, userType, ipAddress, methodType, loggerMessage, createdAt } = matches;
  const found = await db
    .with(matches)
    .select({
      id,
      user,
      email,
      userType,
      ipAddress,
      methodType,
      loggerMessage,
      createdAt,
      counted: sql<number>`(select count(*) from ${matches})::int`.as('counted'),
    })
    .from(matches)
    .orderBy(order(matches[SORT_FIELDS[params.sort]]), order(matches.id))
    .limit(params.pageSize)
    .offset(offsetOf(params));
  return {
    rows: found.map(({ counted: _counted, ...row }) => row),
    counted: found[0]?.counted,
  };
}

export async function listAuditLogs(
  db: TDbOrTx,
  params: TLogListParams,
): Promise<TLogListResponse> {
  const filter = filterCondition(params.filter);
  const capKey = params.filter ? likePattern(params.filter) : '';
  let rows: TEntryRow[];
  let counted: number | undefined;
  if (cappedSet(db).has(capKey)) {
    rows = await readPage(db, filter, params);
    counted = LOG_COUNT_CAP + 1;
  } else if (params.after === undefined) {
    ({ rows, counted } = await readPageWithCount(db, filter, params));
    counted ??= await countUpToCap(db, filter);
    if (counted > LOG_COUNT_CAP) rows = await readPage(db, filter, params);
  } else {
    rows = await readPage(db, filter, params);
    counted = await countUpToCap(db, filter);
  }
  if (counted > LOG_COUNT_CAP) rememberCapped(db, capKey);
  const isDefaultOrder = params.sort === 'created_at' && params.direction === 'desc';
  const last = rows.at(-1);
  return {
    items: rows.map(present),
    total: Math.min(counted, LOG_COUNT_CAP),
    totalCapped: counted > LOG_COUNT_CAP,
    nextCursor: isDefaultOrder && last && rows.length === params.pageSize ? last.id : null,
  };
}
