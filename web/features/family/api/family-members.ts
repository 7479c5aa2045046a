import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZFamilyMemberAnswer,
  ZFamilyMemberList,
  type TFamilyMemberCreate,
  type TFamilyMemberUpdate,
} from '../../../../domain/contracts/family';
import { apiFetch } from '../../../lib/api-client';
import { familyKeys } from '../../membership/api/get-family';
import type { TMemberScope } from '../../membership/member-scope';

/** Staff name the family with `memberId`; a member's own is the default. */
function scopeParam(scope: TMemberScope): { memberId?: number } {
  return scope.id === 'me' ? {} : { memberId: scope.id };
}

/** `GET /api/family/`: the spouse and dependent rows, with the ids an edit needs. */
export function useFamilyMembers(scope: TMemberScope) {
  const query = scope.id === 'me' ? '' : `?memberId=${scope.id}`;
  return useQuery({
    queryKey: ['family', 'members', scope.session, scope.id],
    staleTime: 0,
    queryFn: async ({ signal }) =>
      ZFamilyMemberList.parse(
        await apiFetch(`/family/${query}`, { session: scope.session, signal }),
      ).items,
  });
}

type TSave =
  | { kind: 'add'; body: TFamilyMemberCreate }
  | { kind: 'edit'; id: number; body: TFamilyMemberUpdate };

/**
 * `POST /api/family/` adds a spouse or a dependent into a free paid-for slot (402 beyond it);
 * `PUT /api/family/:id` edits a row in place.
 */
export function useSaveFamilyMember(scope: TMemberScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: TSave) =>
      ZFamilyMemberAnswer.parse(
        save.kind === 'add'
          ? await apiFetch('/family/', {
              method: 'POST',
              body: { ...save.body, ...scopeParam(scope) },
              session: scope.session,
            })
          : await apiFetch(`/family/${save.id}`, {
              method: 'PUT',
              body: save.body,
              session: scope.session,
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
