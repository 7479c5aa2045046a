import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZLogListResponse, type TLogListQuery } from '../../../domain/contracts/logs';
import { apiFetch } from '../../lib/api-client';
import { logListSearch } from './log-list-query';

/** One page of the audit log; the previous page stays on screen while the next one loads. */
export const logListQuery = (query: TLogListQuery) =>
  queryOptions({
    queryKey: ['logs', 'list', query],
    queryFn: async ({ signal }) =>
      ZLogListResponse.parse(
        await apiFetch(`/logs/?${logListSearch(query)}`, { session: 'admin', signal }),
      ),
    placeholderData: keepPreviousData,
  });
