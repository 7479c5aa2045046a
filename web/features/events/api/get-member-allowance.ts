import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMemberUser } from '../../../../domain/contracts/auth';
import type { TMaxTicket } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';
import { eventKeys } from './get-events';

/** The signed-in member (`GET /api/user/accTokenmem/me`): whose family the member tickets are for. */
export function useSignedInMember(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['session', 'mem', 'me'],
      queryFn: ({ signal }) =>
        apiFetch<TMemberUser>('/user/accTokenmem/me', { session: 'mem', signal }),
      enabled,
    }),
  );
}

/** How many more member tickets the family may buy for the event (DESIGN §3d). */
export function useMemberAllowance(eventId: number, memberId: number | undefined) {
  return useQuery(
    queryOptions({
      // Under the event's key: refreshing the event after a refused checkout refreshes this too.
      queryKey: [...eventKeys.detail(eventId), 'maxticket', memberId],
      queryFn: ({ signal }) =>
        apiFetch<TMaxTicket>(`/nonmember/maxticket/${eventId}/${memberId}`, {
          session: 'mem',
          signal,
        }),
      enabled: memberId !== undefined,
      staleTime: 0,
    }),
  );
}
