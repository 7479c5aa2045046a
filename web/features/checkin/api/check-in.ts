import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCheckinResult,
  ZCheckinSummary,
  type TCheckinResult,
} from '../../../../domain/contracts/checkin';
import { ApiError, apiFetch } from '../../../lib/api-client';

const checkinKeys = {
  summary: (eventId: number) => ['checkin', eventId, 'summary'] as const,
};

/** `GET /api/checkin/:eventid`: the event at the door, seats arrived of those sold. */
export function useCheckinSummary(eventId: number) {
  return useQuery({
    queryKey: checkinKeys.summary(eventId),
    queryFn: async ({ signal }) =>
      ZCheckinSummary.parse(await apiFetch(`/checkin/${eventId}`, { session: 'admin', signal })),
    enabled: eventId > 0,
  });
}

/** A random id for one scan; `crypto.randomUUID` exists only on https, getRandomValues everywhere. */
export function newScanId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `POST /api/checkin/:eventid`. One scan keeps its id through the mutation's retries, so a lost
 * answer over bad Wi-Fi is asked again without checking the ticket in twice; only a network
 * failure is retried, never a refusal.
 */
export function useCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (scan: { code: string; requestId: string }): Promise<TCheckinResult> =>
      ZCheckinResult.parse(
        await apiFetch(`/checkin/${eventId}`, { method: 'POST', body: scan, session: 'admin' }),
      ),
    retry: (failures, error) =>
      failures < 3 && error instanceof ApiError && error.code === 'NETWORK',
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkinKeys.summary(eventId) }),
  });
}
