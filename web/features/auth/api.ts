/**
 * The auth calls (spec 02 §7.1) with the shared contract's types; answers that the browser
 * relies on are parsed with the contract's schemas, so a server drift fails loudly here.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TSessionKind } from '../../../domain/constants';
import {
  ZAdminSignInResponse,
  ZAdminUser,
  ZMemberSignInResponse,
  ZMemberUser,
  type TChangePasswordRequest,
  type TForgotPasswordRequest,
  type TMessageResponse,
  type TResetPasswordRequest,
  type TSessionUser,
  type TSignInRequest,
} from '../../../domain/contracts/auth';
import { apiFetch } from '../../lib/api-client';
import type { TAudience } from './audiences';

const SIGN_IN = {
  admin: { path: '/user/signin', answer: ZAdminSignInResponse },
  member: { path: '/memlogin', answer: ZMemberSignInResponse },
} as const;

const RESET_PATH: Record<TAudience, string> = {
  admin: '/user/gshresetpass',
  member: '/user/memresetpass',
};

/**
 * The sign-in answer, or null when it lacks a usable login (spec 01 §5: a login counts only
 * when the answer holds authToken).
 */
export async function postSignIn(audience: TAudience, body: TSignInRequest) {
  const { path, answer } = SIGN_IN[audience];
  const parsed = answer.safeParse(await apiFetch<unknown>(path, { method: 'POST', body }));
  return parsed.success ? parsed.data : null;
}

/** The signed-in account behind a stored login, read by its token (DESIGN §3d: `me`). */
export async function fetchSessionUser(
  kind: TSessionKind,
  signal?: AbortSignal,
): Promise<TSessionUser> {
  if (kind === 'mem') {
    return ZMemberUser.parse(await apiFetch('/user/accTokenmem/me', { session: kind, signal }));
  }
  return ZAdminUser.parse(await apiFetch('/user/accToken/me', { session: kind, signal }));
}

export const sessionUserQuery = (kind: TSessionKind) =>
  queryOptions({
    queryKey: ['auth', 'session-user', kind],
    queryFn: ({ signal }) => fetchSessionUser(kind, signal),
    staleTime: 5 * 60_000,
  });

export function requestPasswordReset(audience: TAudience, body: TForgotPasswordRequest) {
  return apiFetch<TMessageResponse>(RESET_PATH[audience], { method: 'POST', body });
}

export function resetPassword(audience: TAudience, token: string, body: TResetPasswordRequest) {
  return apiFetch<TMessageResponse>(`${RESET_PATH[audience]}/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
  });
}

export function changeOwnPassword(kind: TSessionKind, body: TChangePasswordRequest) {
  const path = kind === 'mem' ? '/user/passupdatemem/me' : '/user/passupdate/me';
  return apiFetch<TMessageResponse>(path, { method: 'POST', body, session: kind });
}
