/**
 * The audit log list (spec 02 §2.6), built to stay fast with millions of rows:
 * - the filter is a substring match on the very expression the trigram index is built on;
 * - the total is counted only up to LOG_COUNT_CAP;
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
import { auditLogs, auditLogSearchText, type TAuditLogRow } from '../../db/schema';

const SORT_COLUMNS = {
  user: auditLogs.user,
  email: auditLogs.email,
  userType: auditLogs.userType,
  ip_address: auditLogs.ipAddress,
  method_type: auditLogs.methodType,
  logger_message: auditLogs.loggerMessage,
  created_at: auditLogs.createdAt,
} satisfies Record<TLogSortColumn, unknown>;

/** `%`, `_` and the escape character itself are data in a filter, not wildcards. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filterCondition(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  return sql`${auditLogSearchText(auditLogs)} like ${likePattern(filter)}`;
}

/** Entries strictly older than entry `afterId` in the (created_at desc, id desc) order. */
function afterCondition(afterId: number | undefined): SQL | undefined {
  if (afterId === undefined) return undefined;
  return sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (select c.created_at, c.id from ${auditLogs} c where c.id = ${afterId})`;
}

function present(row: TAuditLogRow): TLogEntry {
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

export async function listAuditLogs(
  db: TDbOrTx,
  params: TLogListParams,
): Promise<TLogListResponse> {
  const filter = filterCondition(params.filter);
  const column = SORT_COLUMNS[params.sort];
  const order = params.direction === 'asc' ? asc : desc;
  // id breaks ties so that paging never repeats or skips entries with equal sort values.
  const rows = await db
    .select()
    .from(auditLogs)
    .where(and(filter, afterCondition(params.after)))
    .orderBy(order(column), order(auditLogs.id))
    .limit(params.pageSize)
    .offset(params.after === undefined ? (params.page - 1) * params.pageSize : 0);
  const counted = await countUpToCap(db, filter);
  const isDefaultOrder = params.sort === 'created_at' && params.direction === 'desc';
  const last = rows.at(-1);
  return {
    items: rows.map(present),
    total: Math.min(counted, LOG_COUNT_CAP),
    totalCapped: counted > LOG_COUNT_CAP,
    nextCursor: isDefaultOrder && last && rows.length === params.pageSize ? last.id : null,
  };
}
