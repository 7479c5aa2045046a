import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  RESET_DONE_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '../../../domain/contracts/auth';
import { DEMO_PASSWORD } from '../../../domain/constants';
import { adminAccounts, members, passwordResetTokens, rateLimits } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed/demo-password';
import type { TTestApp } from '../../test/test-app';
import {
  bearer,
  createSeededApp,
  DEMO,
  freshAddress,
  latestAudit,
  outboxTo,
  signInAs,
  tokenOf,
} from './auth-test-kit';
import { RESET_REQUEST_ANSWER_MS } from './password-reset.service';
import { hashPassword } from './passwords';
import { hashToken } from './sessions';

// The real hashing, watched: a made-up reset token must not cost argon2 time.
vi.mock('./passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./passwords')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let t: TTestApp;
let start: Date;
beforeAll(async () => {
  t = await createSeededApp({ env: { PUBLIC_URL: 'https://samaj.example.org' } });
  start = t.clock.now();
});
afterEach(async () => {
  t.clock.set(start);
  await t.database.db.delete(rateLimits);
  // Every test starts from the demo password.
  await t.database.db.update(adminAccounts).set({ passwordHash: DEMO_PASSWORD_HASH });
  await t.database.db
    .update(members)
    .set({ passwordHash: DEMO_PASSWORD_HASH })
    .where(eq(members.email, DEMO.member));
});
afterAll(async () => {
  await t.close();
});

const forgot = (path: string, email: string, ip = freshAddress()) =>
  t.app.inject({ method: 'POST', url: path, payload: { email }, remoteAddress: ip });

const reset = (path: string, token: string, password: string, ip = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `${path}/${token}`,
    payload: { password },
    remoteAddress: ip,
  });

/** The token of the newest reset link mailed to `email`, read from the outbox. */
async function mailedLink(
  email: string,
): Promise<{ audience: string; token: string; text: string }> {
  const [mail] = await outboxTo(t, email);
  const match = /\/#\/auth\/reset\/(admin|member)\/([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no reset link in: ${mail.textBody}`);
  return { audience: match[1], token: match[2], text: mail.textBody };
}

describe('forgot password: POST /api/user/gshresetpass and /api/user/memresetpass', () => {
  it('answers 202 with the same body for a known and an unknown address', async () => {
    const known = await forgot('/api/user/gshresetpass', DEMO.super);
    const unknown = await forgot('/api/user/gshresetpass', 'nobody@example.org');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(await outboxTo(t, 'nobody@example.org')).toHaveLength(0);
  });

  it('mails an admin a link to PUBLIC_URL/#/auth/reset/admin/<token>, stored only hashed', async () => {
    await forgot('/api/user/gshresetpass', DEMO.admin);
    const { audience, token, text } = await mailedLink(DEMO.admin);
    expect(audience).toBe('admin');
    expect(text).toContain(`https://samaj.example.org/#/auth/reset/admin/${token}`);
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ accountKind: 'admin', usedAt: null });
    expect(row.expiresAt.getTime() - t.clock.now().getTime()).toBe(60 * 60 * 1000);
  });

  it('sends no admin link for a member address, and no member link for an admin address', async () => {
    await forgot('/api/user/gshresetpass', DEMO.member);
    await forgot('/api/user/memresetpass', DEMO.temp);
    expect(await outboxTo(t, DEMO.member)).toHaveLength(0);
    expect(await outboxTo(t, DEMO.temp)).toHaveLength(0);
  });

  it('refuses the sixth request for one address in 15 minutes with 429 and Retry-After', async () => {
    const email = 'someone@example.org';
    for (let i = 0; i < 5; i += 1)
      expect((await forgot('/api/user/memresetpass', email)).statusCode).toBe(202);
    const refused = await forgot('/api/user/memresetpass', email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    t.clock.advance(15 * 60 * 1000);
    expect((await forgot('/api/user/memresetpass', email)).statusCode).toBe(202);
  });

  it('refuses the 21st request from one client address in 15 minutes, whatever the e-mails', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await forgot('/api/user/gshresetpass', `spray${i}@example.org`, ip)).statusCode).toBe(
        202,
      );
    }
    expect((await forgot('/api/user/gshresetpass', 'spray-more@example.org', ip)).statusCode).toBe(
      429,
    );
    expect((await forgot('/api/user/gshresetpass', 'spray-more@example.org')).statusCode).toBe(202);
  });

  it('takes as long for an unknown address as for a known one: both answer after the same floor', async () => {
    for (const email of [DEMO.member, 'nobody-at-all@example.org']) {
      const startedAt = performance.now();
      expect((await forgot('/api/user/memresetpass', email)).statusCode).toBe(202);
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 5);
    }
  });
});

describe('reset: POST /api/user/memresetpass/:token', () => {
  it('sets the new password, ends every session and answers the spec message', async () => {
    const oldSession = await tokenOf(t, 'member');
    await forgot('/api/user/memresetpass', DEMO.member);
    const { audience, token } = await mailedLink(DEMO.member);
    expect(audience).toBe('member');

    const response = await reset('/api/user/memresetpass', token, 'a-brand-new-secret');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_DONE_MESSAGE });

    const lookup = await t.app.inject({
      url: '/api/user/accTokenmem/me',
      headers: bearer(oldSession),
    });
    expect(lookup.statusCode).toBe(401);
    expect((await signInAs(t, 'member')).statusCode).toBe(401);
    expect((await signInAs(t, 'member', { password: 'a-brand-new-secret' })).statusCode).toBe(200);
    const [member] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, DEMO.member));
    expect(member.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('logs the reset under the account', async () => {
    await forgot('/api/user/memresetpass', DEMO.member);
    const { token } = await mailedLink(DEMO.member);
    await reset('/api/user/memresetpass', token, 'another-new-secret');
    expect((await latestAudit(t))[0]).toMatchObject({
      email: DEMO.member,
      userType: 'Member',
      loggerMessage: 'Password reset with an e-mailed link',
    });
  });

  it('accepts a link once only', async () => {
    await forgot('/api/user/memresetpass', DEMO.member);
    const { token } = await mailedLink(DEMO.member);
    expect((await reset('/api/user/memresetpass', token, 'first-new-secret')).statusCode).toBe(200);
    const again = await reset('/api/user/memresetpass', token, 'second-new-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'VALIDATION',
      message: RESET_LINK_INVALID_MESSAGE,
    });
  });

  it('refuses a link after one hour', async () => {
    await forgot('/api/user/memresetpass', DEMO.member);
    const { token } = await mailedLink(DEMO.member);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const response = await reset('/api/user/memresetpass', token, 'too-late-secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await signInAs(t, 'member')).statusCode).toBe(200);
  });

  it('refuses an unknown token, and a member link on the admin path', async () => {
    expect(
      (await reset('/api/user/memresetpass', 'A'.repeat(43), 'whatever-secret')).statusCode,
    ).toBe(400);
    await forgot('/api/user/memresetpass', DEMO.member);
    const { token } = await mailedLink(DEMO.member);
    expect((await reset('/api/user/gshresetpass', token, 'whatever-secret')).statusCode).toBe(400);
  });

  it('retires an older link when a newer one is sent', async () => {
    await forgot('/api/user/memresetpass', DEMO.member);
    const first = await mailedLink(DEMO.member);
    await forgot('/api/user/memresetpass', DEMO.member);
    const second = await mailedLink(DEMO.member);
    expect(second.token).not.toBe(first.token);
    expect((await reset('/api/user/memresetpass', first.token, 'from-old-link')).statusCode).toBe(
      400,
    );
    expect((await reset('/api/user/memresetpass', second.token, 'from-new-link')).statusCode).toBe(
      200,
    );
  });

  it('checks the token before hashing: a made-up token costs no argon2 time', async () => {
    vi.mocked(hashPassword).mockClear();
    const response = await reset('/api/user/memresetpass', 'B'.repeat(43), 'whatever-secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('refuses the 11th reset try from one client address in 15 minutes with 429', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      const made = `${'C'.repeat(40)}${String(i).padStart(3, '0')}`;
      expect((await reset('/api/user/memresetpass', made, 'whatever-secret', ip)).statusCode).toBe(
        400,
      );
    }
    await forgot('/api/user/memresetpass', DEMO.member);
    const { token } = await mailedLink(DEMO.member);
    const refused = await reset('/api/user/memresetpass', token, 'whatever-secret', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refusal did not use up the link: from another address it still works.
    expect((await reset('/api/user/memresetpass', token, 'whatever-secret')).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters and keeps the link usable', async () => {
    await forgot('/api/user/gshresetpass', DEMO.admin);
    const { token } = await mailedLink(DEMO.admin);
    const short = await reset('/api/user/gshresetpass', token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('password');
    expect((await reset('/api/user/gshresetpass', token, 'long-enough')).statusCode).toBe(200);
    expect((await signInAs(t, 'admin', { password: 'long-enough' })).statusCode).toBe(200);
  });
});

describe('change password: POST /api/user/passupdate/:id and /api/user/passupdatemem/:id', () => {
  const change = (path: string, token: string, body: object) =>
    t.app.inject({ method: 'POST', url: path, headers: bearer(token), payload: body });

  it('changes an admin password with the current one and keeps this session, ending the others', async () => {
    const other = await tokenOf(t, 'admin');
    const token = await tokenOf(t, 'admin');
    const response = await change('/api/user/passupdate/me', token, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'changed-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user/accToken/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user/accToken/me', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect((await signInAs(t, 'admin', { password: 'changed-secret' })).statusCode).toBe(200);
    expect((await latestAudit(t, 2)).map((entry) => entry.loggerMessage)).toContain(
      'Changed own password',
    );
  });

  it("accepts the caller's own numeric id and refuses anyone else's with 403", async () => {
    const signIn = (await signInAs(t, 'super')).json();
    const own = await change(`/api/user/passupdate/${signIn.user.id}`, signIn.authToken, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'changed-secret',
    });
    expect(own.statusCode).toBe(200);
    const someoneElse = await change(
      `/api/user/passupdate/${signIn.user.id + 1}`,
      signIn.authToken,
      {
        currentPassword: 'changed-secret',
        newPassword: 'another-secret',
      },
    );
    expect(someoneElse.statusCode).toBe(403);
  });

  it('answers a wrong current password with 400 and fields.currentPassword', async () => {
    const token = await tokenOf(t, 'member');
    const response = await change('/api/user/passupdatemem/me', token, {
      currentPassword: 'not-it-at-all',
      newPassword: 'changed-secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      currentPassword: CURRENT_PASSWORD_WRONG_MESSAGE,
    });
    expect((await signInAs(t, 'member')).statusCode).toBe(200);
  });

  it('changes a member password on the member path only', async () => {
    const memberToken = await tokenOf(t, 'member');
    const body = { currentPassword: DEMO_PASSWORD, newPassword: 'changed-secret' };
    expect((await change('/api/user/passupdate/me', memberToken, body)).statusCode).toBe(403);
    expect((await change('/api/user/passupdatemem/me', memberToken, body)).statusCode).toBe(200);
    const adminToken = await tokenOf(t, 'admin');
    expect((await change('/api/user/passupdatemem/me', adminToken, body)).statusCode).toBe(403);
  });

  it('stops guessing the current password after 5 wrong tries', async () => {
    const token = await tokenOf(t, 'temp');
    const wrong = { currentPassword: 'wrong-guess', newPassword: 'changed-secret' };
    for (let i = 0; i < 5; i += 1)
      expect((await change('/api/user/passupdate/me', token, wrong)).statusCode).toBe(400);
    const right = { currentPassword: DEMO_PASSWORD, newPassword: 'changed-secret' };
    const refused = await change('/api/user/passupdate/me', token, right);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
