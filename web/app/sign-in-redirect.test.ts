import { describe, expect, it, vi } from 'vitest';
import { expireSession, GUARD_ROUTE_ID, memberSignInPath } from './sign-in-redirect';

describe('member sign-in path', () => {
  it('carries the requested address as returnUrl', () => {
    expect(memberSignInPath('/member/GM?page=2')).toBe(
      '/auth/memberlogin?returnUrl=%2Fmember%2FGM%3Fpage%3D2',
    );
  });

  it('leaves out a returnUrl that would only lead home', () => {
    expect(memberSignInPath('/')).toBe('/auth/memberlogin');
    expect(memberSignInPath('')).toBe('/auth/memberlogin');
  });
});

describe('an expired stored login', () => {
  function memoryStorage(): Storage {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => void items.delete(key),
      setItem: (key, value) => void items.set(key, value),
    };
  }
  vi.stubGlobal('window', { localStorage: memoryStorage(), addEventListener: () => undefined });

  function routerAt(pathname: string, routeIds: string[]) {
    const navigate = vi.fn();
    return {
      navigate,
      state: {
        location: { pathname, search: '?page=2' },
        matches: routeIds.map((id) => ({ route: { id } })),
      },
    };
  }

  it('reopens a back-office address in place, where the guard shows the sign-in', () => {
    const router = routerAt('/logs', ['0', GUARD_ROUTE_ID, '0-2-0']);
    expireSession(router);
    expect(router.navigate).toHaveBeenCalledWith('/logs?page=2', { replace: true });
  });

  it('sends a public page to the member sign-in with it as returnUrl', () => {
    const router = routerAt('/checkout/member-ticket', ['0', '0-0']);
    expireSession(router);
    expect(router.navigate).toHaveBeenCalledWith(
      '/auth/memberlogin?returnUrl=%2Fcheckout%2Fmember-ticket%3Fpage%3D2',
      { replace: true },
    );
  });

  it('stays on a sign-in page', () => {
    const router = routerAt('/auth/login', ['0']);
    expireSession(router);
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
