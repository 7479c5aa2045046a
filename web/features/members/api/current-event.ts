import { queryOptions } from '@tanstack/react-query';
import { ZEventList } from '../../../../domain/contracts/events';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/currentevent`: today's events, earliest first; the list keeps the first (spec 02 §3). */
export const todaysEventQuery = () =>
  queryOptions({
    queryKey: ['events', 'current', 'first'],
    queryFn: async ({ signal }) =>
      ZEventList.parse(await apiFetch('/currentevent', { signal }))[0] ?? null,
    staleTime: 60_000,
  });
