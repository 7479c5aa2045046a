import { queryOptions } from '@tanstack/react-query';
import { ZFamilyListResponse } from '../../../../domain/contracts/family';
import { apiFetch } from '../../../lib/api-client';
import type { TMemberScope } from '../member-scope';

export const familyKeys = {
  all: ['family'] as const,
  record: (scope: TMemberScope) => ['family', 'record', scope.session, scope.id] as const,
};

/** `GET /api/membersfamilylist/:id`: the family record of spec 02 §3, or null when none. */
export const familyRecordQuery = (scope: TMemberScope) =>
  queryOptions({
    queryKey: familyKeys.record(scope),
    // Payments change a membership outside this app (the provider confirms): read it afresh.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const answer = ZFamilyListResponse.parse(
        await apiFetch(`/membersfamilylist/${scope.id}`, { session: scope.session, signal }),
      );
      return answer.memberfamily[0] ?? null;
    },
  });
