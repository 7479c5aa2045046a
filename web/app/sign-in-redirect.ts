import { clearAllSessions } from './session-store';

/** Spec 02 §2.2: everyone without a login goes to the member sign-in, keeping where they were going. */
export function memberSignInPath(returnUrl: string): string {
  const query = returnUrl && returnUrl !== '/' ? `?${new URLSearchParams({ returnUrl })}` : '';
  return `/auth/memberlogin${query}`;
}

interface TNavigator {
  state: { location: { pathname: string; search: string } };
  navigate(to: string, options: { replace: boolean }): unknown;
}

/** The server refused a stored login (expired or revoked): forget it and ask to sign in again. */
export function expireSession(router: TNavigator): void {
  const { pathname, search } = router.state.location;
  clearAllSessions();
  if (pathname.startsWith('/auth/')) return;
  void router.navigate(memberSignInPath(pathname + search), { replace: true });
}
