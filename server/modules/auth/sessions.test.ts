import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEMP_ADMIN_NOT_VALID_MESSAGE } from '../../../domain/contracts/auth';
import { adminAccounts, sessions } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, DEMO, latestAudit, signInAs, tokenOf } from './auth-test-kit';
import { hashToken } from './sessions';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TTestApp;
let start: Date;
beforeAll(async () => {
  t = await createSeededApp();
  start = t.clock.now();
});
afterEach(() => t.clock.set(start));
afterAll(async () => {
  await t.close();
});

const whoAmI = (token: string, path = '/api/user/accToken/me') =>
  t.app.inject({ url: path, headers: bearer(token) });

async function sessionRow(token: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

describe('session expiry', () => {
  it('ends an admin session after 10 hours without use', async () => {
    const token = await tokenOf(t, 'admin');
    t.clock.advance(10 * HOUR - MINUTE);
    expect((await whoAmI(token)).statusCode).toBe(200);
    t.clock.advance(10 * HOUR);
    const response = await whoAmI(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('keeps an admin session alive while it is used', async () => {
    const token = await tokenOf(t, 'super');
    for (let hour = 0; hour < 24; hour += 6) {
      t.clock.advance(6 * HOUR);
      expect((await whoAmI(token)).statusCode).toBe(200);
    }
  });

  it('keeps a member session 30 days without use, and not a day more', async () => {
    const token = await tokenOf(t, 'member');
    t.clock.advance(29 * DAY);
    expect((await whoAmI(token, '/api/user/accTokenmem/me')).statusCode).toBe(200);
    t.clock.advance(30 * DAY + MINUTE);
    expect((await whoAmI(token, '/api/user/accTokenmem/me')).statusCode).toBe(401);
  });

  it('ends an admin session 7 days after sign-in even when it is used all along', async () => {
    const token = await tokenOf(t, 'admin');
    for (let used = 6 * HOUR; used < 7 * DAY; used += 6 * HOUR) {
      t.clock.advance(6 * HOUR);
      expect((await whoAmI(token)).statusCode).toBe(200);
    }
    t.clock.set(new Date(start.getTime() + 7 * DAY + MINUTE));
    const response = await whoAmI(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Your session has ended. Please sign in again.');
  });

  it('ends a member session 90 days after sign-in even when it is used all along', async () => {
    const token = await tokenOf(t, 'member');
    for (let used = 10 * DAY; used < 90 * DAY; used += 10 * DAY) {
      t.clock.advance(10 * DAY);
      expect((await whoAmI(token, '/api/user/accTokenmem/me')).statusCode).toBe(200);
    }
    t.clock.set(new Date(start.getTime() + 90 * DAY + MINUTE));
    expect((await whoAmI(token, '/api/user/accTokenmem/me')).statusCode).toBe(401);
  });

  it('writes last use at most once a minute', async () => {
    const token = await tokenOf(t, 'admin');
    const signedInAt = t.clock.now();
    t.clock.advance(30 * 1000);
    await whoAmI(token);
    expect((await sessionRow(token)).lastUsedAt).toEqual(signedInAt);
    t.clock.advance(40 * 1000);
    await whoAmI(token);
    const touched = await sessionRow(token);
    expect(touched.lastUsedAt).toEqual(t.clock.now());
    expect(touched.expiresAt.getTime()).toBe(t.clock.now().getTime() + 10 * HOUR);
  });
});

describe('Cache-Control', () => {
  it('marks signed-in answers, sign-in answers and refusals no-store', async () => {
    const signIn = await signInAs(t, 'admin');
    expect(signIn.headers['cache-control']).toBe('no-store');
    const me = await whoAmI(signIn.json().authToken);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/user/accToken/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('temporary admin validity (checked on every request, in TIME_ZONE)', () => {
  it('refuses sign-in the day after the window with 403 and the reason, and opens no session', async () => {
    const [temp] = await t.database.db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.email, DEMO.temp));
    const before = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.subjectId, temp.id));
    // Noon in Chicago on the day after validity_to.
    t.clock.set(new Date(`${dayAfter(temp.validityTo!)}T18:00:00Z`));
    const response = await signInAs(t, 'temp');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: TEMP_ADMIN_NOT_VALID_MESSAGE,
    });
    expect(response.json()).not.toHaveProperty('authToken');
    const after = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.subjectId, temp.id));
    expect(after).toHaveLength(before.length);
    expect((await latestAudit(t))[0]).toMatchObject({ email: DEMO.temp, userType: 'Temp Admin' });
  });

  it('still admits the temporary admin on the last day late in the evening, local time', async () => {
    const [temp] = await t.database.db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.email, DEMO.temp));
    // 23:30 in Chicago on validity_to is already the next day in UTC.
    t.clock.set(new Date(`${dayAfter(temp.validityTo!)}T05:30:00Z`));
    expect((await signInAs(t, 'temp')).statusCode).toBe(200);
  });

  it('answers a live session 401 once the window has passed', async () => {
    const [temp] = await t.database.db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.email, DEMO.temp));
    // Signed in two days before the end of the window, well inside the 7-day session limit; the
    // clock steps less than the 10-hour idle limit so the session itself stays alive, and stops
    // at 01:00 in Chicago on the day after validity_to.
    const end = new Date(`${dayAfter(temp.validityTo!)}T07:00:00Z`).getTime();
    t.clock.set(new Date(end - 2 * DAY));
    const token = await tokenOf(t, 'temp');
    expect((await whoAmI(token)).statusCode).toBe(200);
    while (t.clock.now().getTime() < end) {
      t.clock.advance(Math.min(9 * HOUR, end - t.clock.now().getTime()));
      await whoAmI(token);
    }
    const response = await whoAmI(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(TEMP_ADMIN_NOT_VALID_MESSAGE);
  });

  it('refuses sign-in before the window starts', async () => {
    const [temp] = await t.database.db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.email, DEMO.temp));
    t.clock.set(new Date(`${temp.validityFrom!}T04:00:00Z`)); // 23:00 the evening before, in Chicago
    expect((await signInAs(t, 'temp')).statusCode).toBe(403);
  });
});

describe('accounts that stop being usable', () => {
  it('ends the sessions of a deactivated admin account at once', async () => {
    const token = await tokenOf(t, 'admin');
    await t.database.db
      .update(adminAccounts)
      .set({ isActive: false })
      .where(eq(adminAccounts.email, DEMO.admin));
    try {
      expect((await whoAmI(token)).statusCode).toBe(401);
      expect((await signInAs(t, 'admin')).statusCode).toBe(401);
    } finally {
      await t.database.db
        .update(adminAccounts)
        .set({ isActive: true })
        .where(eq(adminAccounts.email, DEMO.admin));
    }
  });

  it('answers a revoked session 401, though it answered a moment before', async () => {
    const token = await tokenOf(t, 'admin');
    expect((await whoAmI(token)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await whoAmI(token)).statusCode).toBe(401);
  });

  it('refuses a session at once after sign-out, though it answered a moment before', async () => {
    const token = await tokenOf(t, 'admin');
    expect((await whoAmI(token)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/logs/',
      headers: bearer(token),
      payload: {},
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    const refused = await whoAmI(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses an admin session whose account changed kind under it, at the next request', async () => {
    const token = await tokenOf(t, 'admin');
    expect((await whoAmI(token)).statusCode).toBe(200);
    await t.database.db
      .update(adminAccounts)
      .set({ kind: 'su' })
      .where(eq(adminAccounts.email, DEMO.admin));
    try {
      expect((await whoAmI(token)).statusCode).toBe(401);
    } finally {
      await t.database.db
        .update(adminAccounts)
        .set({ kind: 'ga' })
        .where(eq(adminAccounts.email, DEMO.admin));
    }
  });

  it("refuses a member session once the member's record is gone", async () => {
    const token = await tokenOf(t, 'member');
    expect((await whoAmI(token, '/api/user/accTokenmem/me')).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ subjectId: sessions.subjectId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Points the live session at a member id no record has, as a deleted record leaves it
    await t.database.db
      .update(sessions)
      .set({ subjectId: row.subjectId + 1_000_000 })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const refused = await whoAmI(token, '/api/user/accTokenmem/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('This account can no longer sign in.');
  });

  it('treats a malformed Authorization header as no sign-in', async () => {
    const response = await t.app.inject({
      url: '/api/user/accToken/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
  });
});

function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
