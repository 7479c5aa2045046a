import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network and server errors might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** A 401 to a request that carried a stored login means that login is no longer valid. */
export function isExpiredSession(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHENTICATED' && error.sentToken;
}

export function createQueryClient(onSessionExpired: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isExpiredSession(error)) onSessionExpired();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
