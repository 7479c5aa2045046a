import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import { EMAIL_TAKEN_MESSAGE, LAST_SUPER_USER_MESSAGE } from './admin-accounts.service';
import { bearer, createSeededApp, DEMO, latestAudit, signInAs, tokenOf } from './auth-test-kit';

let t: TTestApp;
let superToken: string;
beforeAll(async () => {
  t = await createSeededApp();
  superToken = await tokenOf(t, 'super');
});
afterAll(async () => {
  await t.close();
});

const today = () => t.clock.now().toISOString().slice(0, 10);

function newAccount(overrides: Record<string, unknown> = {}) {
  return {
    email: `helper${Math.random().toString(36).slice(2, 8)}@example.org`,
    password: 'helper-secret',
    firstName: 'Nisha',
    lastName: 'Shah',
    kind: 'ga',
    is_staff: true,
    validityFrom: today(),
    validityTo: today(),
    is_active: true,
    ...overrides,
  };
}

const create = (body: object, token = superToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/gshsignup',
    headers: bearer(token),
    payload: body,
  });
const update = (id: number, body: object, token = superToken) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/gshsignup/${id}`,
    headers: bearer(token),
    payload: body,
  });

describe('GET /api/user/gshsignup', () => {
  it('lists the accounts for the super user, with no password hash', async () => {
    const response = await t.app.inject({
      url: '/api/user/gshsignup',
      headers: bearer(superToken),
    });
    expect(response.statusCode).toBe(200);
    const emails = response.json().items.map((account: { email: string }) => account.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO.admin, DEMO.super, DEMO.temp]));
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('is refused to the global admin, the temporary admin and a member (403) and to anonymous (401)', async () => {
    for (const caller of ['admin', 'temp', 'member'] as const) {
      const response = await t.app.inject({
        url: '/api/user/gshsignup',
        headers: bearer(await tokenOf(t, caller)),
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/user/gshsignup' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/gshsignup', () => {
  it('creates a temporary admin who can sign in as one, and logs the creation', async () => {
    const body = newAccount();
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: body.email,
      kind: 'ga',
      is_staff: true,
      is_active: true,
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    expect((await latestAudit(t))[0]).toMatchObject({
      email: DEMO.super,
      userType: 'Super User',
      methodType: 'POST',
      loggerMessage: `Created admin account ${body.email} (temporary admin)`,
    });
    const signIn = await signInAs(t, 'admin', { email: body.email, password: body.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.role).toBe('tempadmin');
  });

  it('refuses an e-mail that is taken, whatever its case, with 409', async () => {
    const response = await create(newAccount({ email: 'ADMIN@example.org', is_staff: false }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({ email: EMAIL_TAKEN_MESSAGE });
  });

  it('refuses a temporary admin without a window, a staff super user and a short password', async () => {
    const noWindow = await create(newAccount({ validityFrom: null, validityTo: null }));
    expect(noWindow.statusCode).toBe(400);
    expect(Object.keys(noWindow.json().error.fields)).toEqual(
      expect.arrayContaining(['validityFrom', 'validityTo']),
    );
    expect((await create(newAccount({ kind: 'su' }))).statusCode).toBe(400);
    const short = await create(newAccount({ password: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('password');
    const backwards = await create(
      newAccount({ validityFrom: '2026-12-31', validityTo: '2026-01-01' }),
    );
    expect(backwards.json().error.fields).toHaveProperty('validityTo');
  });

  it('is refused to a global admin', async () => {
    expect((await create(newAccount(), await tokenOf(t, 'admin'))).statusCode).toBe(403);
  });
});

describe('PUT /api/user/gshsignup/:id', () => {
  async function createdAccount(overrides: Record<string, unknown> = {}) {
    const body = newAccount(overrides);
    const response = await create(body);
    return { body, account: response.json() };
  }

  it('edits names and the window, and logs the update', async () => {
    const { body, account } = await createdAccount();
    const { password: _unused, ...fields } = body;
    const response = await update(account.id, {
      ...fields,
      firstName: 'Asha',
      validityTo: '2099-12-31',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Asha', validityTo: '2099-12-31' });
    expect((await latestAudit(t))[0]).toMatchObject({
      methodType: 'PUT',
      loggerMessage: `Updated admin account ${body.email} (temporary admin)`,
    });
  });

  it('ends the sessions of an account it deactivates', async () => {
    const { body, account } = await createdAccount({
      is_staff: false,
      validityFrom: null,
      validityTo: null,
    });
    const token = await tokenOf(t, 'admin', { email: body.email, password: body.password });
    const { password: _unused, ...fields } = body;
    expect((await update(account.id, { ...fields, is_active: false })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user/accToken/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await signInAs(t, 'admin', { email: body.email, password: body.password })).statusCode,
    ).toBe(401);
  });

  it('replaces the password and ends the old sessions', async () => {
    const { body, account } = await createdAccount();
    const token = await tokenOf(t, 'admin', { email: body.email, password: body.password });
    expect((await update(account.id, { ...body, password: 'replaced-secret' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: '/api/user/accToken/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await signInAs(t, 'admin', { email: body.email, password: 'replaced-secret' })).statusCode,
    ).toBe(200);
    expect((await latestAudit(t, 2)).map((entry) => entry.loggerMessage)).toContain(
      `Updated admin account ${body.email} (temporary admin); password replaced`,
    );
  });

  it('refuses to demote the last active super user', async () => {
    const me = (
      await t.app.inject({ url: '/api/user/accTokengsh/me', headers: bearer(superToken) })
    ).json();
    const response = await update(me.id, {
      email: DEMO.super,
      firstName: me.firstName,
      lastName: me.lastName,
      kind: 'ga',
      is_staff: false,
      is_active: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(LAST_SUPER_USER_MESSAGE);
  });

  it('answers 404 for an unknown account and 409 for a taken e-mail', async () => {
    const { body, account } = await createdAccount();
    expect((await update(999_999, body)).statusCode).toBe(404);
    expect((await update(account.id, { ...body, email: DEMO.temp })).statusCode).toBe(409);
  });
});
