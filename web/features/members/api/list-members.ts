import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ZMemberFilterResponse,
  type TMemberFilter,
  type TMemberFilterResponse,
} from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';

export type TListSession = 'admin' | 'mem';

export const memberListKeys = {
  /** Under `members`, so every member change (edit, renewal, family) refreshes the list too. */
  all: ['members', 'list'] as const,
  page: (session: TListSession, filter: TMemberFilter) =>
    [...memberListKeys.all, session, filter] as const,
};

/**
 * `POST /api/listMember`: staff get the filtered, searched page; a member their own row. The
 * previous page stays on screen while the next one loads.
 */
export const memberListQuery = (session: TListSession, filter: TMemberFilter) =>
  queryOptions({
    queryKey: memberListKeys.page(session, filter),
    queryFn: async ({ signal }): Promise<TMemberFilterResponse> =>
      ZMemberFilterResponse.parse(
        await apiFetch('/listMember', { method: 'POST', body: filter, session, signal }),
      ),
    placeholderData: keepPreviousData,
  });
