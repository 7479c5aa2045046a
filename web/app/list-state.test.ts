import { describe, expect, it, vi } from 'vitest';
import { createListStore, DEFAULT_LIST_STATE, listChanges } from './list-state';

describe('list state', () => {
  it('starts at page 1, 10 rows a page, sorted by id ascending, without filters', () => {
    const store = createListStore();
    expect(store.get('members', DEFAULT_LIST_STATE)).toEqual({
      filter: {},
      search: '',
      page: 1,
      pageSize: 10,
      sort: { column: 'id', direction: 'asc' },
    });
  });

  it('goes back to page 1 when the filter, search, page size or order changes', () => {
    const store = createListStore();
    const changes = [
      listChanges.setFilter('active', 'false'),
      listChanges.setSearch('patel'),
      listChanges.setPageSize(50),
      listChanges.setSort('email', 'desc'),
    ];
    for (const change of changes) {
      store.update('logs', DEFAULT_LIST_STATE, listChanges.setPage(4));
      expect(store.get('logs', DEFAULT_LIST_STATE).page).toBe(4);
      store.update('logs', DEFAULT_LIST_STATE, change);
      expect(store.get('logs', DEFAULT_LIST_STATE).page).toBe(1);
    }
    expect(store.get('logs', DEFAULT_LIST_STATE)).toMatchObject({
      filter: { active: 'false' },
      search: 'patel',
      pageSize: 50,
      sort: { column: 'email', direction: 'desc' },
    });
  });

  it('never goes below page 1', () => {
    const store = createListStore();
    store.update('logs', DEFAULT_LIST_STATE, listChanges.setPage(0));
    expect(store.get('logs', DEFAULT_LIST_STATE).page).toBe(1);
  });

  it('resets every list to its defaults when a navigation ends', () => {
    const store = createListStore();
    const seeded = { ...DEFAULT_LIST_STATE, filter: { membertype: 'GM' } };
    store.update('members', seeded, listChanges.setFilter('gift', 'true'));
    store.update('logs', DEFAULT_LIST_STATE, listChanges.setPage(3));
    const listener = vi.fn();
    store.subscribe(listener);
    store.resetAll();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get('members', seeded)).toBe(seeded);
    expect(store.get('logs', DEFAULT_LIST_STATE)).toBe(DEFAULT_LIST_STATE);
  });

  it('keeps lists apart', () => {
    const store = createListStore();
    store.update('members', DEFAULT_LIST_STATE, listChanges.setSearch('shah'));
    expect(store.get('logs', DEFAULT_LIST_STATE).search).toBe('');
  });
});
