/**
 * The audit log list's two statements, prepared once per shape (sort column, direction, kind of
 * filter, cursor or not) and then only bound and run (see server/db/prepared-statement.ts for why:
 * on PGlite, building a query with Drizzle and sending it cost as much as running it). A page
 * comes back as one JSON text; instants as epoch milliseconds.
 *
 * Both stay right on a plan made once for any value: the page walks its sort column's index and
 * checks the filter with strpos, which no index serves; the page-with-count gathers at most
 * LOG_COUNT_CAP + 1 matches, by the trigram index or by a scan that stops there, and sorts them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOG_COUNT_CAP, type TLogSortColumn } from '../../../domain/contracts/logs';
import {
  preparedStatement,
  preparedStatementsByShape,
  type TPreparedStatement,
} from '../../db/prepared-statement';
import { auditLogs, type TAuditLogRow } from '../../db/schema';

/** An entry as a statement returns it: its columns, but the instant in epoch milliseconds. */
export type TEntryJson = Omit<TAuditLogRow, 'createdAt' | 'searchText'> & { createdMs: number };

const SORT_COLUMNS = {
  user: auditLogs.user,
  email: auditLogs.email,
  userType: auditLogs.userType,
  ip_address: auditLogs.ipAddress,
  method_type: auditLogs.methodType,
  logger_message: auditLogs.loggerMessage,
  created_at: auditLogs.createdAt,
} as const satisfies Record<TLogSortColumn, unknown>;

/**
 * How a statement finds the matches of a filter: `none`; `scan`, checking each entry it walks
 * (for a filter known to match more than the cap); `pattern`, by the trigram index; `key`, by the
 * trigram index on a part of the term, checking the whole term on what it finds.
 */
export type TFilterKind = 'none' | 'scan' | 'pattern' | 'key';

export interface TShape {
  sort: TLogSortColumn;
  direction: 'asc' | 'desc';
  filter: TFilterKind;
  after: boolean;
}

const text = sql.identifier('search_text');

function filterOf(kind: TFilterKind): SQL | undefined {
  const term = sql`strpos(${text}, ${sql.placeholder('term')}) > 0`;
  switch (kind) {
    case 'none':
      return undefined;
    case 'scan':
      return term;
    case 'pattern':
      return sql`${text} like ${sql.placeholder('pattern')}`;
    case 'key':
      return sql`${text} like ${sql.placeholder('pattern')} and ${term}`;
  }
}

/** `json_build_object('id', id, ...)` over the unqualified columns of whatever is in scope. */
const ENTRY_JSON = sql`json_build_object(
  'id', id, 'user', "user", 'email', email, 'userType', user_type, 'ipAddress', ip_address,
  'methodType', method_type, 'loggerMessage', logger_message,
  'createdMs', floor(extract(epoch from created_at) * 1000)::float8)`;

function orderOf(shape: TShape): SQL {
  const direction = sql.raw(shape.direction);
  // id breaks ties so that paging never repeats or skips entries with equal sort values.
  return sql`${sql.identifier(SORT_COLUMNS[shape.sort].name)} ${direction}, id ${direction}`;
}

/** Entries older than entry `after` in the (created_at desc, id desc) order. */
const AFTER = sql`(created_at, id) < (select c.created_at, c.id from ${auditLogs} c where c.id = ${sql.placeholder('after')})`;

function where(...conditions: Array<SQL | undefined>): SQL {
  const present = conditions.filter((condition) => condition !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

const COLUMNS = sql`id, "user", email, user_type, ip_address, method_type, logger_message, created_at`;

const PAGE = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;

/**
 * The entries of one page. Unfiltered, the page's ids are found in the sort column's index alone
 * (it holds the column and the id) and only those entries are read: a far page skips its offset
 * in the index instead of reading every entry it passes. A filter needs each entry's text, so
 * filtered pages read the entries as they walk.
 */
function pageEntries(shape: TShape): SQL {
  if (shape.filter === 'none' && !shape.after) {
    return sql`select ${COLUMNS} from ${auditLogs} where id in (
      select id from ${auditLogs} order by ${orderOf(shape)} ${PAGE})`;
  }
  return sql`select ${COLUMNS} from ${auditLogs}
    ${where(filterOf(shape.filter), shape.after ? AFTER : undefined)}
    order by ${orderOf(shape)} ${PAGE}`;
}

/** One page by the sort column's index: `rows`. */
function pageStatement(shape: TShape): TPreparedStatement {
  return preparedStatement(
    sql`select coalesce(json_agg(${ENTRY_JSON} order by ${orderOf(shape)}), '[]')::text as rows
      from (${pageEntries(shape)}) page`,
  );
}

/**
 * The first LOG_COUNT_CAP + 1 matches, read once: `counted`, their number, and `rows`, the page
 * sorted from them; the page is right only when they are all the matches (counted <= the cap).
 */
function pageWithCountStatement(shape: TShape): TPreparedStatement {
  return preparedStatement(
    sql`with matches as materialized (
        select ${COLUMNS} from ${auditLogs} ${where(filterOf(shape.filter))}
        limit ${sql.raw(String(LOG_COUNT_CAP + 1))}
      )
      select (select count(*) from matches)::int as counted,
        (select coalesce(json_agg(${ENTRY_JSON} order by ${orderOf(shape)}), '[]')::text
          from (
            select * from matches ${where(shape.after ? AFTER : undefined)}
            order by ${orderOf(shape)} ${PAGE}
          ) page
        ) as rows`,
  );
}

/** A shape's key: at most a few dozen shapes, each a statement of its own. */
const shapeKey = (shape: TShape) =>
  `${shape.sort}_${shape.direction}_${shape.filter}${shape.after ? '_after' : ''}`;

export const pageStatementFor = preparedStatementsByShape(shapeKey, pageStatement);

export const pageWithCountStatementFor = preparedStatementsByShape(
  shapeKey,
  pageWithCountStatement,
);
