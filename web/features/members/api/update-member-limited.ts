import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZMemberSaved,
  type TMemberFilterResponse,
  type TMemberLimitedUpdate,
} from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';
import { memberListKeys } from './list-members';

type TChange = { memberId: number } & TMemberLimitedUpdate;

/** The list rows with one member's gift or notes changed as asked. */
export function withChange(
  page: TMemberFilterResponse | undefined,
  change: TChange,
): TMemberFilterResponse | undefined {
  if (!page) return page;
  const { memberId, ...fields } = change;
  return {
    ...page,
    member: page.member.map((row) => (row.MemberId === memberId ? { ...row, ...fields } : row)),
  };
}

/**
 * `PUT /api/memberUpdateLimited/:id` (gift or notes). The list shows the change at once (spec 02
 * §4) and goes back to what it was if the server refuses; it is read again either way.
 */
export function useUpdateMemberLimited() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, ...body }: TChange) =>
      ZMemberSaved.parse(
        await apiFetch(`/memberUpdateLimited/${memberId}`, {
          method: 'PUT',
          body,
          session: 'admin',
        }),
      ),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: memberListKeys.all });
      const before = queryClient.getQueriesData<TMemberFilterResponse>({
        queryKey: memberListKeys.all,
      });
      queryClient.setQueriesData<TMemberFilterResponse>({ queryKey: memberListKeys.all }, (page) =>
        withChange(page, change),
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberListKeys.all }),
  });
}
