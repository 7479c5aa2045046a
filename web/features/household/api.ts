/**
 * Household sign-in calls (contracts/household.ts): the family's adults and their sign-ins, the
 * main member's invitations, rights and revocations, an adult's own mail choice, and accepting
 * an invitation (which signs the adult in like `POST /api/memlogin`).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMemberSignInResponse } from '../../../domain/contracts/auth';
import {
  ZHouseholdAdult,
  ZHouseholdList,
  type THouseholdRightsChange,
} from '../../../domain/contracts/household';
import { apiFetch } from '../../lib/api-client';
import { sessionUserQuery } from '../auth/api';

export const householdKeys = { all: ['household'] as const };

export const householdQuery = () =>
  queryOptions({
    queryKey: householdKeys.all,
    // An invitation is accepted elsewhere: the main member sees it whenever the page opens
    staleTime: 0,
    queryFn: async ({ signal }) =>
      ZHouseholdList.parse(await apiFetch('/household/', { session: 'mem', signal })).items,
  });

function useHouseholdChange<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.all }),
  });
}

export function useInviteAdult() {
  return useHouseholdChange(async (familyMemberId: number) =>
    ZHouseholdAdult.parse(
      await apiFetch('/household/invite', {
        method: 'POST',
        body: { familyMemberId },
        session: 'mem',
      }),
    ),
  );
}

export function useSetHouseholdRights() {
  return useHouseholdChange(
    async ({ accountId, rights }: { accountId: number; rights: THouseholdRightsChange }) =>
      ZHouseholdAdult.parse(
        await apiFetch(`/household/${accountId}`, { method: 'PUT', body: rights, session: 'mem' }),
      ),
  );
}

export function useRevokeHouseholdAccess() {
  return useHouseholdChange((accountId: number) =>
    apiFetch(`/household/${accountId}`, { method: 'DELETE', session: 'mem' }),
  );
}

/** The signed-in adult's own choice; their session user holds it, so that is read again. */
export function useSetMailChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailOptIn: boolean) =>
      apiFetch('/household/mail', { method: 'PUT', body: { mailOptIn }, session: 'mem' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionUserQuery('mem').queryKey }),
  });
}

export async function acceptInvitation(token: string, password: string) {
  return ZMemberSignInResponse.parse(
    await apiFetch(`/household/accept/${encodeURIComponent(token)}`, {
      method: 'POST',
      body: { password },
    }),
  );
}
