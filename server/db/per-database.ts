/**
 * State a module keeps in memory for one database (a memo, a queue): apps on other databases in
 * one process (the tests) never share it, and it goes when the database object does.
 */
import type { TDb } from './client';

export function perDatabase<TState>(create: () => TState): (db: TDb) => TState {
  const states = new WeakMap<TDb, TState>();
  return (db) => {
    let state = states.get(db);
    if (state === undefined) {
      state = create();
      states.set(db, state);
    }
    return state;
  };
}
