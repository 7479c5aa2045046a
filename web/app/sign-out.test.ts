import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession, storedSessionKinds } from './session-store';
import { SIGN_OUT_LOG_WAIT_MS, signOut, signOutTarget } from './sign-out';

describe('sign-out target', () => {
  it('sends administrators and super users to /auth/login', () => {
    expect(signOutTarget(['ga'])).toBe('/auth/login');
    expect(signOutTarget(['su'])).toBe('/auth/login');
    expect(signOutTarget(['ga', 'mem'])).toBe('/auth/login');
  });

  it('sends members to /auth/memberlogin', () => {
    expect(signOutTarget(['mem'])).toBe('/auth/memberlogin');
  });

  it('sends a visitor without a login to /auth/login', () => {
    expect(signOutTarget([])).toBe('/auth/login');
  });
});

describe('signing out', () => {
  const storage = new Map<string, string>();
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn((to: string, options: { replace: boolean }) => {
    // The guard must still see the logins while the navigation runs.
    expect(storedSessionKinds().length).toBeGreaterThan(0);
    return { to, options };
  });

  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
        removeItem: (key: string) => void storage.delete(key),
      },
      addEventListener: () => undefined,
    });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    navigate.mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const logCalls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      token: new Headers(init?.headers).get('Authorization'),
      body: JSON.parse(String(init?.body)) as unknown,
    }));

  it('logs each stored login with its own token, keyed by role, without the token in the body', async () => {
    saveSession('ga', { authToken: 'admin-token', expiresIn: 36000 });
    saveSession('mem', { authToken: 'member-token', expiresIn: 2592000 });
    fetchMock.mockImplementation(async () =>
      Response.json({ message: 'You have been signed out.' }),
    );

    await signOut(navigate);

    expect(logCalls()).toEqual([
      {
        url: '/api/logs/',
        method: 'POST',
        token: 'Bearer admin-token',
        body: { 'Global Admin': { expiresIn: 36000 } },
      },
      {
        url: '/api/logs/',
        method: 'POST',
        token: 'Bearer member-token',
        body: { Member: { expiresIn: 2592000 } },
      },
    ]);
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(storedSessionKinds()).toEqual([]);
  });

  it('names a super user "Super User" and sends a member to the member sign-in', async () => {
    fetchMock.mockImplementation(async () => Response.json({ message: 'ok' }));
    saveSession('su', { authToken: 'super-token' });
    await signOut(navigate);
    expect(logCalls()[0].body).toEqual({ 'Super User': {} });

    fetchMock.mockClear();
    saveSession('mem', { authToken: 'member-token' });
    await signOut(navigate);
    expect(navigate).toHaveBeenLastCalledWith('/auth/memberlogin', { replace: true });
  });

  it('signs out all the same when the log call fails', async () => {
    saveSession('ga', { authToken: 'admin-token' });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await signOut(navigate);
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(readSession('ga')).toBeNull();
  });

  it('waits for a silent server only a few seconds', async () => {
    vi.useFakeTimers();
    saveSession('su', { authToken: 'super-token' });
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
    const done = signOut(navigate);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_LOG_WAIT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(storedSessionKinds()).toEqual([]);
  });
});
