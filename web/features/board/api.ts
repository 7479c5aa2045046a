import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminUser } from '../../../domain/contracts/auth';
import {
  ZBoardCandidates,
  ZBoardDeleted,
  ZBoardList,
  ZBoardSaved,
} from '../../../domain/contracts/board';
import { useSessionKinds } from '../../app/use-session-kinds';
import { apiFetch } from '../../lib/api-client';

export const boardKeys = { all: ['board'] as const, list: ['board', 'list'] as const };

/** `GET /api/memberBoard` (staff): the whole board; the screen searches, filters and pages it. */
export const boardListQuery = () =>
  queryOptions({
    queryKey: boardKeys.list,
    queryFn: async ({ signal }) =>
      ZBoardList.parse(await apiFetch('/memberBoard', { session: 'admin', signal })),
  });

/** `GET /api/memberBoard/members` (admins): the members the add screen promotes from. */
export const boardCandidatesQuery = () =>
  queryOptions({
    queryKey: ['board', 'candidates'],
    queryFn: async ({ signal }) =>
      ZBoardCandidates.parse(await apiFetch('/memberBoard/members', { session: 'admin', signal }))
        .member,
  });

/**
 * Whether the signed-in admin may add, edit and remove board members (DESIGN §3c): a super user
 * or a global admin, not a temporary admin. Until the token check answers, the answer is no, so
 * no button shows to someone the server would refuse.
 */
export function useMayManageBoard(): boolean {
  const kinds = useSessionKinds();
  const hasGlobalAdmin = kinds.includes('ga');
  const admin = useQuery({
    queryKey: ['board', 'admin-role'],
    queryFn: async ({ signal }) =>
      ZAdminUser.parse(await apiFetch('/user/accToken/me', { session: 'ga', signal })),
    enabled: hasGlobalAdmin,
    staleTime: 5 * 60_000,
  });
  if (hasGlobalAdmin) return admin.data?.role === 'admin';
  return kinds.includes('su');
}

/** `POST /api/memberBoard` or `PUT /api/memberBoard/:id`, multipart as the spec sends it. */
export function useSaveBoardMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, form }: { id: number | null; form: FormData }) =>
      ZBoardSaved.parse(
        await apiFetch(id === null ? '/memberBoard' : `/memberBoard/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body: form,
          session: 'admin',
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}

export function useDeleteBoardMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      ZBoardDeleted.parse(
        await apiFetch(`/memberBoard/${id}`, { method: 'DELETE', session: 'admin' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
