import { describe, expect, it } from 'vitest';
import { ZLogListQuery } from '../../../domain/contracts/logs';
import { DEFAULT_LIST_STATE } from '../../app/list-state';
import { LOG_LIST_DEFAULTS, logListQueryOf, logListSearch, nextSort } from './log-list-query';

const initial = { ...DEFAULT_LIST_STATE, ...LOG_LIST_DEFAULTS };

describe("the logs screen's server query", () => {
  it('starts newest first, page 1 of 10, without a filter', () => {
    expect(logListQueryOf(initial)).toEqual({
      sort: 'created_at',
      direction: 'desc',
      page: 1,
      pageSize: 10,
    });
  });

  it('sends the trimmed filter, the sort, the page and the page size', () => {
    const query = logListQueryOf({
      ...initial,
      search: '  admin@example.org ',
      sort: { column: 'email', direction: 'asc' },
      page: 2,
      pageSize: 50,
    });
    expect(logListSearch(query)).toBe(
      'filter=admin%40example.org&sort=email&direction=asc&page=2&pageSize=50',
    );
    expect(
      ZLogListQuery.safeParse(Object.fromEntries(new URLSearchParams(logListSearch(query)))),
    ).toMatchObject({ success: true });
  });

  it('never sends a column the server cannot sort on', () => {
    expect(logListQueryOf({ ...initial, sort: { column: 'id', direction: 'asc' } }).sort).toBe(
      'created_at',
    );
  });

  it('turns the direction on the sorted column, and sorts a new column ascending', () => {
    expect(nextSort({ column: 'email', direction: 'asc' }, 'email')).toEqual({
      column: 'email',
      direction: 'desc',
    });
    expect(nextSort({ column: 'email', direction: 'desc' }, 'email').direction).toBe('asc');
    expect(nextSort({ column: 'created_at', direction: 'desc' }, 'user')).toEqual({
      column: 'user',
      direction: 'asc',
    });
  });
});
