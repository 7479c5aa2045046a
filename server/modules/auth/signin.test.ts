import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_INCORRECT_MESSAGE } from '../../../domain/contracts/auth';
import { sessions } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, DEMO, latestAudit, signInAs } from './auth-test-kit';
import { hashToken } from './sessions';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

const SECRET_KEYS = ['password', 'passwordHash', 'password_hash', 'tokenHash', 'token_hash'];

describe('POST /api/user/signin', () => {
  it('signs in the global admin with { authToken, expiresIn, user } and no secret in the user', async () => {
    const response = await signInAs(t, 'admin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expiresIn).toBe(10 * 60 * 60);
    expect(body.user).toMatchObject({
      email: DEMO.admin,
      kind: 'ga',
      role: 'admin',
      is_staff: false,
    });
    for (const key of SECRET_KEYS) expect(body.user).not.toHaveProperty(key);
  });

  it('signs in the super user and the temporary admin with their roles', async () => {
    const superUser = (await signInAs(t, 'super')).json();
    expect(superUser.user).toMatchObject({ kind: 'su', role: 'super', is_staff: false });
    const temp = (await signInAs(t, 'temp')).json();
    expect(temp.user).toMatchObject({ kind: 'ga', role: 'tempadmin', is_staff: true });
    expect(temp.user.validityFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(temp.user.validityTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('stores only the SHA-256 of the token, with kind, subject and expiry', async () => {
    const { authToken, user } = (await signInAs(t, 'admin')).json();
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(authToken)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'ga', subjectId: user.id, revokedAt: null });
    expect(rows[0].expiresAt.getTime() - t.clock.now().getTime()).toBe(10 * 60 * 60 * 1000);
    const anyRowHoldsToken = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, authToken));
    expect(anyRowHoldsToken).toHaveLength(0);
  });

  it('matches the e-mail without regard to case', async () => {
    const response = await signInAs(t, 'admin', { email: 'ADMIN@Example.org' });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password with 401 "The login detail is incorrect" and logs the failure', async () => {
    const response = await signInAs(t, 'admin', {
      password: 'not-the-password',
      ip: '203.0.113.9',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: LOGIN_INCORRECT_MESSAGE },
    });
    const [entry] = await latestAudit(t);
    expect(entry).toMatchObject({
      email: DEMO.admin,
      userType: 'Anonymous',
      ipAddress: '203.0.113.9',
      methodType: 'POST',
      loggerMessage: expect.stringContaining('Failed sign-in'),
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await signInAs(t, 'admin', { email: 'nobody@example.org' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(LOGIN_INCORRECT_MESSAGE);
  });

  it('does not let a member sign in on the admin page', async () => {
    const response = await signInAs(t, 'admin', { email: DEMO.member });
    expect(response.statusCode).toBe(401);
  });

  it('logs a successful sign-in under the fixed "Global Admin" label', async () => {
    await signInAs(t, 'admin', { ip: '203.0.113.10' });
    const [entry] = await latestAudit(t);
    expect(entry).toMatchObject({
      user: 'Global Admin',
      email: DEMO.admin,
      userType: 'Global Admin',
      ipAddress: '203.0.113.10',
      methodType: 'POST',
      loggerMessage: 'Signed in',
      createdAt: t.clock.now(),
    });
  });

  it('logs the super user and the temporary admin by name and type', async () => {
    await signInAs(t, 'super');
    expect((await latestAudit(t))[0]).toMatchObject({
      user: 'Meera Desai',
      userType: 'Super User',
    });
    await signInAs(t, 'temp');
    expect((await latestAudit(t))[0]).toMatchObject({ user: 'Kiran Vora', userType: 'Temp Admin' });
  });

  it('refuses a body without a valid e-mail with 400 and the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('email');
  });
});

describe('POST /api/memlogin', () => {
  it('signs in a member with MemberId, FamilyPlanId and a 30-day session', async () => {
    const response = await signInAs(t, 'member');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.expiresIn).toBe(30 * 24 * 60 * 60);
    expect(body.user).toMatchObject({ email: DEMO.member, kind: 'mem', role: 'member' });
    expect(body.user.MemberId).toBe(body.user.id);
    expect(body.user.FamilyPlanId).toMatch(/^[A-Z]{2}\d{4}$/);
    for (const key of SECRET_KEYS) expect(body.user).not.toHaveProperty(key);
    expect((await latestAudit(t))[0]).toMatchObject({
      email: DEMO.member,
      userType: 'Member',
      loggerMessage: 'Signed in',
    });
  });

  it('does not let an admin sign in on the member page', async () => {
    const response = await signInAs(t, 'member', { email: DEMO.admin });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(LOGIN_INCORRECT_MESSAGE);
  });
});

describe('token look-ups', () => {
  it('GET /api/user/accToken/me answers the signed-in admin with is_staff, never a hash', async () => {
    const { authToken } = (await signInAs(t, 'temp')).json();
    const response = await t.app.inject({
      url: '/api/user/accToken/me',
      headers: bearer(authToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: DEMO.temp, is_staff: true, role: 'tempadmin' });
    expect(response.body).not.toMatch(/argon2|password|hash/i);
  });

  it('GET /api/user/accTokengsh/me answers the super user and the global admin, not the temporary admin', async () => {
    for (const caller of ['super', 'admin'] as const) {
      const { authToken } = (await signInAs(t, caller)).json();
      const response = await t.app.inject({
        url: '/api/user/accTokengsh/me',
        headers: bearer(authToken),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(DEMO[caller]);
      expect(response.body).not.toMatch(/argon2|password|hash/i);
    }
    const { authToken } = (await signInAs(t, 'temp')).json();
    const refused = await t.app.inject({
      url: '/api/user/accTokengsh/me',
      headers: bearer(authToken),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('GET /api/user/accTokenmem/me answers the member and nothing secret', async () => {
    const { authToken } = (await signInAs(t, 'member')).json();
    const response = await t.app.inject({
      url: '/api/user/accTokenmem/me',
      headers: bearer(authToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: DEMO.member, kind: 'mem' });
    expect(response.body).not.toMatch(/argon2|password|hash|token/i);
  });

  it('answers 401 without a token, with an unknown token, and with a token in the path', async () => {
    const { authToken } = (await signInAs(t, 'member')).json();
    expect((await t.app.inject({ url: '/api/user/accTokenmem/me' })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: '/api/user/accTokenmem/me',
      headers: bearer('x'.repeat(43)),
    });
    expect(unknown.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/user/accTokenmem/${authToken}` })).statusCode).toBe(
      401,
    );
  });

  it('refuses anything but "me" as the id, even with a valid token', async () => {
    const { authToken } = (await signInAs(t, 'member')).json();
    const response = await t.app.inject({
      url: `/api/user/accTokenmem/${authToken}`,
      headers: bearer(authToken),
    });
    expect(response.statusCode).toBe(400);
  });

  it('does not let a member token call the admin look-up', async () => {
    const { authToken } = (await signInAs(t, 'member')).json();
    const response = await t.app.inject({
      url: '/api/user/accToken/me',
      headers: bearer(authToken),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });
});
