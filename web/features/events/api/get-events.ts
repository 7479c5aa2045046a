import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEvent, TEventList } from '../../../../domain/contracts/events';
import { apiFetch } from '../../../lib/api-client';

export const eventKeys = {
  all: ['events'] as const,
  currentUpcoming: () => [...eventKeys.all, 'current-upcoming'] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
};

/** The public list: events of today and later, earliest first (`GET /api/currentupcomingevent`). */
export function useCurrentUpcomingEvents() {
  return useQuery(
    queryOptions({
      queryKey: eventKeys.currentUpcoming(),
      queryFn: ({ signal }) => apiFetch<TEventList>('/currentupcomingevent', { signal }),
    }),
  );
}

/** One event with its seats left; seats change as others buy, so it is never served stale. */
export function useEvent(id: number) {
  return useQuery(
    queryOptions({
      queryKey: eventKeys.detail(id),
      queryFn: ({ signal }) => apiFetch<TEvent>(`/event/${id}`, { signal }),
      enabled: Number.isInteger(id) && id > 0,
      staleTime: 0,
    }),
  );
}
