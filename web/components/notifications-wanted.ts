/**
 * Whether a screen that raises toasts has loaded. Only such screens import `notify`, and they
 * all load on demand, so the toast container and its transitions (13 KB gzipped) wait for the
 * first of them instead of coming with every first visit of the public pages.
 */
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

export function wantNotifications(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
