import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { clearAllSessions, hasAnySession } from './session-store';
import { memberSignInPath } from './sign-in-redirect';

/**
 * The guard of spec 02 §2.2: the main layout opens when any stored login exists (ga, su or
 * mem); otherwise every login is cleared and the visitor goes to the member sign-in.
 * It checks on each navigation rather than following storage, so signing out can finish its
 * own navigation without the guard racing it.
 */
export function RequireSession() {
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = hasAnySession();
  const returnUrl = location.pathname + location.search;

  useEffect(() => {
    if (allowed) return;
    clearAllSessions();
    void navigate(memberSignInPath(returnUrl), { replace: true });
  }, [allowed, returnUrl, navigate]);

  return allowed ? <Outlet /> : null;
}
