import { queryOptions } from '@tanstack/react-query';
import { ZStateList } from '../../../../domain/contracts/geo';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/stateList`: the state dropdown's choices; they never change while the app runs. */
export const stateListQuery = () =>
  queryOptions({
    queryKey: ['geo', 'states'],
    queryFn: async ({ signal }) => ZStateList.parse(await apiFetch('/stateList', { signal })),
    staleTime: Infinity,
  });
