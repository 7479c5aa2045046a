import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminUser, TMemberUser } from '../../../domain/contracts/auth';
import { readSession, saveSession, storedSessionKinds } from '../../app/session-store';
import { ApiError } from '../../lib/api-client';
import { sessionUserQuery } from './api';
import { signIn, SignInRefusedError } from './sign-in';

const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();

const admin: TAdminUser = {
  id: 1,
  email: 'admin@example.org',
  firstName: 'Asha',
  lastName: 'Shah',
  kind: 'ga',
  role: 'admin',
  is_staff: false,
  validityFrom: null,
  validityTo: null,
};
const member: TMemberUser = {
  id: 7,
  MemberId: 7,
  FamilyPlanId: 'GM0001',
  email: 'member@example.org',
  firstName: 'Rajesh',
  lastName: 'Patel',
  kind: 'mem',
  role: 'member',
};

/** Answers by path, as the server would; each answer is a fresh Response. */
function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (url) => {
    const answer = routes[String(url)];
    if (!answer) throw new Error(`unexpected call ${String(url)}`);
    return answer();
  });
}
const error = (status: number, code: string, message: string) => () =>
  Response.json({ error: { code, message } }, { status });
const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url));

let queryClient: QueryClient;

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
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => vi.unstubAllGlobals());

describe('signing in', () => {
  const credentials = { email: 'admin@example.org', password: 'samaj-demo' };

  it('stores an admin login under ga, loads the account by its token and caches it', async () => {
    serve({
      '/api/user/signin': () =>
        Response.json({ authToken: 'tok-ga', expiresIn: 36000, user: admin }),
      '/api/user/accToken/me': () => Response.json(admin),
    });
    await expect(signIn('admin', credentials, queryClient)).resolves.toEqual(admin);
    expect(readSession('ga')).toMatchObject({ authToken: 'tok-ga', expiresIn: 36000 });
    expect(calledPaths()).toEqual(['/api/user/signin', '/api/user/accToken/me']);
    const lookup = fetchMock.mock.calls[1][1];
    expect(new Headers(lookup?.headers).get('Authorization')).toBe('Bearer tok-ga');
    expect(queryClient.getQueryData(sessionUserQuery('ga').queryKey)).toEqual(admin);
  });

  it('stores a super user under su', async () => {
    const superUser = { ...admin, kind: 'su', role: 'super' };
    serve({
      '/api/user/signin': () =>
        Response.json({ authToken: 'tok-su', expiresIn: 36000, user: superUser }),
      '/api/user/accToken/me': () => Response.json(superUser),
    });
    await signIn('admin', credentials, queryClient);
    expect(storedSessionKinds()).toEqual(['su']);
  });

  it('signs a member in at /memlogin and looks them up at /user/accTokenmem/me', async () => {
    serve({
      '/api/memlogin': () =>
        Response.json({ authToken: 'tok-mem', expiresIn: 2592000, user: member }),
      '/api/user/accTokenmem/me': () => Response.json(member),
    });
    await expect(signIn('member', credentials, queryClient)).resolves.toEqual(member);
    expect(storedSessionKinds()).toEqual(['mem']);
  });

  it('does not count an answer without authToken as a login', async () => {
    serve({ '/api/user/signin': () => Response.json({ expiresIn: 36000, user: admin }) });
    const failure = await signIn('admin', credentials, queryClient).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SignInRefusedError);
    expect(failure).toMatchObject({ reason: 'no-token' });
    expect(storedSessionKinds()).toEqual([]);
    expect(calledPaths()).toEqual(['/api/user/signin']);
  });

  it('logs out again when the token finds no account', async () => {
    saveSession('mem', { authToken: 'an-older-member-login' });
    serve({
      '/api/user/signin': () =>
        Response.json({ authToken: 'tok-ga', expiresIn: 36000, user: admin }),
      '/api/user/accToken/me': error(401, 'UNAUTHENTICATED', 'Your session has ended.'),
    });
    const failure = await signIn('admin', credentials, queryClient).catch((e: unknown) => e);
    expect(failure).toMatchObject({ reason: 'no-user' });
    expect(storedSessionKinds()).toEqual([]);
  });

  it("passes the server's refusal on and stores nothing", async () => {
    serve({
      '/api/user/signin': error(401, 'UNAUTHENTICATED', 'The login detail is incorrect'),
    });
    const failure = await signIn('admin', credentials, queryClient).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'The login detail is incorrect',
    });
    expect(storedSessionKinds()).toEqual([]);
  });
});
