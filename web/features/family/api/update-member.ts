import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMemberSaved, type TMemberUpdate } from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';
import { familyKeys } from '../../membership/api/get-family';
import { memberKeys } from '../../membership/api/get-member';
import type { TMemberScope } from '../../membership/member-scope';

/** `PUT /api/memberupdate/:id` (JSON): the member's names, e-mail, phone and address. */
export function useUpdateMember(scope: TMemberScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TMemberUpdate) =>
      ZMemberSaved.parse(
        await apiFetch(`/memberupdate/${scope.id}`, {
          method: 'PUT',
          body,
          session: scope.session,
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      await queryClient.invalidateQueries({ queryKey: familyKeys.all });
    },
  });
}
