import { useMemo, useSyncExternalStore } from 'react';
import type { TSessionKind } from '../../domain/constants';
import { storedSessionKinds, subscribeToSessions } from './session-store';

/** The kinds of stored login (ga, su, mem), kept current when a login is saved or cleared. */
export function useSessionKinds(): TSessionKind[] {
  // A string snapshot compares by value, so an unchanged set of logins causes no re-render.
  const snapshot = useSyncExternalStore(subscribeToSessions, () => storedSessionKinds().join(','));
  return useMemo(() => (snapshot ? (snapshot.split(',') as TSessionKind[]) : []), [snapshot]);
}
