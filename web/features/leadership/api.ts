import { queryOptions } from '@tanstack/react-query';
import { ZLeadership } from '../../../domain/contracts/board';
import { apiFetch } from '../../lib/api-client';

/** `GET /api/leadership` (anyone): the officers' cards in their order. */
export const leadershipQuery = () =>
  queryOptions({
    queryKey: ['leadership'],
    queryFn: async ({ signal }) =>
      ZLeadership.parse(await apiFetch('/leadership', { signal })).officers,
    staleTime: 5 * 60_000,
  });
