/**
 * The logs screen's list state (filter, sort, page, page size) as the contract's query for
 * `GET /api/logs/`: the server filters, sorts and pages (STYLE 7).
 */
import {
  LOG_SORT_COLUMNS,
  type TLogListQuery,
  type TLogSortColumn,
} from '../../../domain/contracts/logs';
import type { TListState, TSortDirection } from '../../app/list-state';

/** Newest first, as the server's default order and its fast path. */
export const LOG_LIST_DEFAULTS: Partial<TListState> = {
  sort: { column: 'created_at', direction: 'desc' },
};

function isSortColumn(column: string): column is TLogSortColumn {
  return (LOG_SORT_COLUMNS as readonly string[]).includes(column);
}

export function logListQueryOf(state: TListState): TLogListQuery {
  const filter = state.search.trim();
  return {
    ...(filter ? { filter } : {}),
    sort: isSortColumn(state.sort.column) ? state.sort.column : 'created_at',
    direction: state.sort.direction,
    page: state.page,
    pageSize: state.pageSize,
  };
}

export function logListSearch(query: TLogListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

/** A click on the sorted column turns its direction; a click on another sorts it ascending. */
export function nextSort(
  current: { column: string; direction: TSortDirection },
  column: TLogSortColumn,
): { column: TLogSortColumn; direction: TSortDirection } {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
