import type { QueryClient } from '@tanstack/react-query';
import { clearAllSessions, storedSessionKinds } from '../../app/session-store';
import { isExpiredSession } from '../../app/query-client';
import { fetchSessionUser, sessionUserQuery } from './api';

/** A slow server must not hold the first paint for long; the screens ask again themselves. */
const START_CHECK_TIMEOUT_MS = 5_000;

/**
 * Spec 01 §4, "before start, the app loads the user by token": every stored login is looked up
 * once; a login the server no longer knows (401) logs the visitor out before the first screen,
 * and the accounts found are cached for the back office. An unreachable server changes nothing.
 */
export async function verifyStoredSessions(queryClient: QueryClient): Promise<void> {
  const signal = AbortSignal.timeout(START_CHECK_TIMEOUT_MS);
  const results = await Promise.allSettled(
    storedSessionKinds().map(async (kind) => {
      const user = await fetchSessionUser(kind, signal);
      queryClient.setQueryData(sessionUserQuery(kind).queryKey, user);
    }),
  );
  if (results.some((result) => result.status === 'rejected' && isExpiredSession(result.reason))) {
    clearAllSessions();
  }
}
