import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { ALLOW } from '../../lib/access';
import { assertMemberAccess, requirePrincipal, type TPrincipal } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, DEMO, tokenOf } from './auth-test-kit';

let t: TTestApp;
let memberId: number;
beforeAll(async () => {
  t = await createSeededApp({
    extend(app) {
      app.get('/api/test-public-whoami', { config: { allow: ALLOW.public } }, async (request) => ({
        role: request.principal?.role ?? null,
      }));
      app.get('/api/test-required', { config: { allow: ALLOW.public } }, async (request) => ({
        id: requirePrincipal(request).subjectId,
      }));
      app.get(
        '/api/test-members/:memberId/card',
        { config: { allow: ALLOW.memberOrStaff, memberParam: 'memberId' } },
        async (request) => ({ ok: true, params: request.params }),
      );
      app.get(
        '/api/test-staff-or-link',
        {
          config: {
            allow: ALLOW.staff,
            allowIf: async (request) => (request.query as { link?: string }).link === 'open-sesame',
          },
        },
        async (request) => ({ role: request.principal?.role ?? null }),
      );
    },
  });
  [{ id: memberId }] = await t.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, DEMO.member));
});
afterAll(async () => {
  await t.close();
});

describe('the auth plugin', () => {
  it('tells a public route who is calling, and lets an unknown token through as anonymous', async () => {
    const token = await tokenOf(t, 'temp');
    expect(
      (await t.app.inject({ url: '/api/test-public-whoami', headers: bearer(token) })).json(),
    ).toEqual({ role: 'tempadmin' });
    expect(
      (
        await t.app.inject({ url: '/api/test-public-whoami', headers: bearer('y'.repeat(43)) })
      ).json(),
    ).toEqual({ role: null });
  });

  it('lets requirePrincipal answer 401 on a route that admits anonymous callers', async () => {
    expect((await t.app.inject({ url: '/api/test-required' })).statusCode).toBe(401);
    const token = await tokenOf(t, 'member');
    expect(
      (await t.app.inject({ url: '/api/test-required', headers: bearer(token) })).json(),
    ).toEqual({ id: memberId });
  });

  it('keeps a member to their own id on a route with memberParam, and lets staff reach any', async () => {
    const member = await tokenOf(t, 'member');
    expect(
      (await t.app.inject({ url: `/api/test-members/${memberId}/card`, headers: bearer(member) }))
        .statusCode,
    ).toBe(200);
    const other = await t.app.inject({
      url: `/api/test-members/${memberId + 1}/card`,
      headers: bearer(member),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    const temp = await tokenOf(t, 'temp');
    expect(
      (await t.app.inject({ url: `/api/test-members/${memberId + 1}/card`, headers: bearer(temp) }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/test-members/${memberId}/card` })).statusCode).toBe(
      401,
    );
  });
});

describe('config.allowIf (a second way in, e.g. a signed download link)', () => {
  it('lets a caller the rule refuses through when the check says yes', async () => {
    const anonymous = await t.app.inject({ url: '/api/test-staff-or-link?link=open-sesame' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ role: null });
    const member = await tokenOf(t, 'member');
    const withLink = await t.app.inject({
      url: '/api/test-staff-or-link?link=open-sesame',
      headers: bearer(member),
    });
    expect(withLink.json()).toEqual({ role: 'member' });
  });

  it('keeps 401 and 403 when the check says no, and does not ask it for an admitted caller', async () => {
    expect((await t.app.inject({ url: '/api/test-staff-or-link?link=wrong' })).statusCode).toBe(
      401,
    );
    const member = await tokenOf(t, 'member');
    expect(
      (await t.app.inject({ url: '/api/test-staff-or-link', headers: bearer(member) })).statusCode,
    ).toBe(403);
    const admin = await tokenOf(t, 'admin');
    expect(
      (await t.app.inject({ url: '/api/test-staff-or-link', headers: bearer(admin) })).json(),
    ).toEqual({ role: 'admin' });
  });
});

describe('assertMemberAccess', () => {
  const principal = (role: TPrincipal['role'], subjectId: number): TPrincipal => ({
    sessionId: 1,
    kind: role === 'member' ? 'mem' : role === 'super' ? 'su' : 'ga',
    role,
    subjectId,
    email: 'x@example.org',
    name: 'X',
    isStaff: role === 'tempadmin',
  });
  const statusOf = (run: () => unknown) => {
    try {
      run();
      return 'passes';
    } catch (error) {
      return (error as AppError).status;
    }
  };

  it('lets a member touch only their own member id', () => {
    expect(statusOf(() => assertMemberAccess(principal('member', 7), 7))).toBe('passes');
    expect(statusOf(() => assertMemberAccess(principal('member', 7), 8))).toBe(403);
  });

  it('lets every kind of staff touch any member, and nobody anonymous', () => {
    for (const role of ['tempadmin', 'admin', 'super'] as const) {
      expect(statusOf(() => assertMemberAccess(principal(role, 1), 8))).toBe('passes');
    }
    expect(statusOf(() => assertMemberAccess(null, 8))).toBe(401);
  });
});
