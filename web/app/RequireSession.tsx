import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout';
import { clearAllSessions, hasAnySession } from './session-store';

// The sign-in code loads on demand, as on its own route, so the entry chunk does not grow.
const MemberLoginPage = lazy(async () => ({
  default: (await import('../features/auth/MemberLoginPage')).MemberLoginPage,
}));

/**
 * The guard of spec 02 §2.2: the main layout opens when any stored login exists (ga, su or
 * mem); otherwise every login is cleared and the member sign-in shows in place, with the
 * requested address as its returnUrl, without changing the address bar. Signing in navigates
 * to that same address, which runs the guard again and opens the page asked for.
 * It checks on each navigation rather than following storage, so signing out can finish its
 * own navigation without the guard racing it.
 */
export function RequireSession() {
  const location = useLocation();
  const allowed = hasAnySession();
  const returnUrl = location.pathname + location.search;

  useEffect(() => {
    if (!allowed) clearAllSessions();
  }, [allowed, returnUrl]);

  if (allowed) return <Outlet />;
  return (
    <PublicLayout>
      <Suspense fallback={null}>
        <MemberLoginPage returnUrl={returnUrl} />
      </Suspense>
    </PublicLayout>
  );
}
