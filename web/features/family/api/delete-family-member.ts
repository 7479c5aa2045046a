import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDeleteFamilyResponse, type TFamilySlotName } from '../../../../domain/contracts/family';
import { apiFetch } from '../../../lib/api-client';
import { familyKeys } from '../../membership/api/get-family';
import type { TMemberScope } from '../../membership/member-scope';

/** `PUT /api/deletememberfamily/:id` `{ name }`: removes the spouse or one dependent's slot. */
export function useDeleteFamilyMember(scope: TMemberScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: TFamilySlotName) =>
      ZDeleteFamilyResponse.parse(
        await apiFetch(`/deletememberfamily/${scope.id}`, {
          method: 'PUT',
          body: { name },
          session: scope.session,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
