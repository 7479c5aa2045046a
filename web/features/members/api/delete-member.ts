import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMemberDeleted } from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';

/** `DELETE /api/memberupdate/:id` (global admins and super users); every member view refreshes. */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: number) =>
      ZMemberDeleted.parse(
        await apiFetch(`/memberupdate/${memberId}`, { method: 'DELETE', session: 'admin' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['members'] }),
  });
}
