import type { TSessionKind } from '../../domain/constants';
import { clearAllSessions, storedSessionKinds } from './session-store';

/** Spec 01 §4: administrators return to /auth/login, members to /auth/memberlogin. */
export function signOutTarget(kinds: readonly TSessionKind[]): string {
  const onlyMember = kinds.includes('mem') && !kinds.includes('ga') && !kinds.includes('su');
  return onlyMember ? '/auth/memberlogin' : '/auth/login';
}

/**
 * Leaves the back office, then forgets every stored login. Leaving first keeps the guard from
 * seeing the cleared logins mid-navigation and sending the visitor to the member sign-in.
 * The server-side revocation and its log entry arrive with the auth issue (DESIGN §3c).
 */
export async function signOut(
  navigate: (to: string, options: { replace: boolean }) => unknown,
): Promise<void> {
  const target = signOutTarget(storedSessionKinds());
  try {
    await navigate(target, { replace: true });
  } finally {
    clearAllSessions();
  }
}
