/**
 * Filters, search, paging and sorting of list screens, kept outside the screens so the shell
 * can reset them all when a navigation ends (spec 01 §2 point 6). A list screen calls
 * `useListState('members')` and sends the state to the server, which pages and sorts.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { PAGE_SIZES } from '../../domain/constants';

export type TSortDirection = 'asc' | 'desc';

export interface TListState {
  filter: Readonly<Record<string, string>>;
  search: string;
  page: number;
  pageSize: number;
  sort: { column: string; direction: TSortDirection };
}

export const DEFAULT_LIST_STATE: TListState = {
  filter: {},
  search: '',
  page: 1,
  pageSize: PAGE_SIZES[0],
  sort: { column: 'id', direction: 'asc' },
};

export function createListStore() {
  let states = new Map<string, TListState>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const get = (key: string, defaults: TListState) => states.get(key) ?? defaults;

  function update(key: string, defaults: TListState, change: (state: TListState) => TListState) {
    states = new Map(states).set(key, change(get(key, defaults)));
    notify();
  }

  return {
    get,
    update,
    /** Forgets every list's state; screens fall back to their defaults. */
    resetAll() {
      if (states.size === 0) return;
      states = new Map();
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Changing what is shown (filter, search, page size, order) starts again at page 1. */
export const listChanges = {
  setFilter: (name: string, value: string) => (s: TListState) => ({
    ...s,
    filter: { ...s.filter, [name]: value },
    page: 1,
  }),
  setSearch: (search: string) => (s: TListState) => ({ ...s, search, page: 1 }),
  setPage: (page: number) => (s: TListState) => ({ ...s, page: Math.max(1, Math.floor(page)) }),
  setPageSize: (pageSize: number) => (s: TListState) => ({ ...s, pageSize, page: 1 }),
  setSort: (column: string, direction: TSortDirection) => (s: TListState) => ({
    ...s,
    sort: { column, direction },
    page: 1,
  }),
};

const listStore = createListStore();

export const resetAllListStates = () => listStore.resetAll();

/**
 * `defaults` seeds the list while it has no state (e.g. the membership type from the route);
 * pass a stable object (a module constant or a `useMemo` result).
 */
export function useListState(key: string, defaults: Partial<TListState> = NO_DEFAULTS) {
  const seed = useMemo(() => ({ ...DEFAULT_LIST_STATE, ...defaults }), [defaults]);
  const state = useSyncExternalStore(listStore.subscribe, () => listStore.get(key, seed));
  const actions = useMemo(() => {
    const change = (apply: (s: TListState) => TListState) => listStore.update(key, seed, apply);
    return {
      setFilter: (name: string, value: string) => change(listChanges.setFilter(name, value)),
      setSearch: (search: string) => change(listChanges.setSearch(search)),
      setPage: (page: number) => change(listChanges.setPage(page)),
      setPageSize: (size: number) => change(listChanges.setPageSize(size)),
      setSort: (column: string, direction: TSortDirection) =>
        change(listChanges.setSort(column, direction)),
    };
  }, [key, seed]);
  return { ...state, ...actions };
}

const NO_DEFAULTS: Partial<TListState> = {};
