import { clearAllSessions } from './session-store';

/** The id of the guard's route (spec 02 §2.2) in the route table. */
export const GUARD_ROUTE_ID = 'guard';

/** Spec 02 §2.2: everyone without a login goes to the member sign-in, keeping where they were going. */
export function memberSignInPath(returnUrl: string): string {
  const query = returnUrl && returnUrl !== '/' ? `?${new URLSearchParams({ returnUrl })}` : '';
  return `/auth/memberlogin${query}`;
}

interface TNavigator {
  state: {
    location: { pathname: string; search: string };
    matches: readonly { route: { id: string } }[];
  };
  navigate(to: string, options: { replace: boolean }): unknown;
}

/**
 * The server refused a stored login (expired or revoked): forget it and ask to sign in again.
 * Behind the guard the same address is opened again, so the guard shows the sign-in in place
 * and the address bar keeps the page; elsewhere the member sign-in opens with the page as
 * returnUrl.
 */
export function expireSession(router: TNavigator): void {
  const { pathname, search } = router.state.location;
  clearAllSessions();
  if (pathname.startsWith('/auth/')) return;
  const guarded = router.state.matches.some((match) => match.route.id === GUARD_ROUTE_ID);
  void router.navigate(guarded ? pathname + search : memberSignInPath(pathname + search), {
    replace: true,
  });
}
