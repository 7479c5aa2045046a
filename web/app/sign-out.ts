import type { TSessionKind } from '../../domain/constants';
import { GLOBAL_ADMIN_LABEL } from '../../domain/contracts/logs';
import { apiFetch } from '../lib/api-client';
import { clearAllSessions, readSession, storedSessionKinds } from './session-store';

/** Spec 01 §4: administrators return to /auth/login, members to /auth/memberlogin. */
export function signOutTarget(kinds: readonly TSessionKind[]): string {
  const onlyMember = kinds.includes('mem') && !kinds.includes('ga') && !kinds.includes('su');
  return onlyMember ? '/auth/memberlogin' : '/auth/login';
}

/** The role that names the log call's one key (spec 01 §7). */
const ROLE_LABEL: Record<TSessionKind, string> = {
  ga: GLOBAL_ADMIN_LABEL,
  su: 'Super User',
  mem: 'Member',
};

/** A slow or unreachable server must not keep anyone on the back office after "Sign out". */
export const SIGN_OUT_LOG_WAIT_MS = 3_000;

/**
 * The spec's log body, `{ <role>: stored login }`, minus the token: it travels in the header,
 * and the server builds the entry from the session anyway (DESIGN §3c).
 */
export function signOutLogBody(kind: TSessionKind): Record<string, unknown> {
  const { authToken: _authToken, ...stored } = readSession(kind) ?? { authToken: '' };
  return { [ROLE_LABEL[kind]]: stored };
}

/** One log call per stored login, each with its own token; the server ends that session. */
async function logSignOuts(kinds: readonly TSessionKind[]): Promise<void> {
  const calls = kinds.map((kind) =>
    apiFetch('/logs/', { method: 'POST', body: signOutLogBody(kind), session: kind }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SIGN_OUT_LOG_WAIT_MS);
  });
  // A failed call changes nothing: the records are forgotten below all the same.
  await Promise.race([Promise.allSettled(calls), waited]);
  clearTimeout(timer);
}

/**
 * Ends every stored login on the server, leaves the back office, then forgets the logins.
 * Leaving before forgetting keeps the guard from seeing the cleared logins mid-navigation and
 * sending the visitor to the member sign-in.
 */
export async function signOut(
  navigate: (to: string, options: { replace: boolean }) => unknown,
): Promise<void> {
  const kinds = storedSessionKinds();
  await logSignOuts(kinds);
  try {
    await navigate(signOutTarget(kinds), { replace: true });
  } finally {
    clearAllSessions();
  }
}
