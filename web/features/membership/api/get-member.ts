import { queryOptions } from '@tanstack/react-query';
import { ZMemberOneResponse } from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';
import type { TMemberScope } from '../member-scope';

export const memberKeys = {
  all: ['members'] as const,
  one: (scope: TMemberScope) => ['members', 'one', scope.session, scope.id] as const,
};

/** `GET /api/membersIndiApi/:id`: the member's own record (plan, validity, dependents paid). */
export const memberQuery = (scope: TMemberScope) =>
  queryOptions({
    queryKey: memberKeys.one(scope),
    // Payments change a membership outside this app (the provider confirms): read it afresh.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const answer = ZMemberOneResponse.parse(
        await apiFetch(`/membersIndiApi/${scope.id}`, { session: scope.session, signal }),
      );
      return answer.member[0] ?? null;
    },
  });
