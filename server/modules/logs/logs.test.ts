import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_COUNT_CAP } from '../../../domain/contracts/logs';
import { auditLogs } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  bearer,
  createSeededApp,
  DEMO,
  latestAudit,
  signInAs,
  tokenOf,
} from '../auth/auth-test-kit';

let t: TTestApp;
let adminToken: string;

/** Rows with known text, a minute apart, the newest an hour before the test clock. */
const KNOWN = [
  {
    user: 'Zebra Patel',
    email: 'zebra@example.org',
    userType: 'Member',
    ipAddress: '10.1.1.1',
    methodType: 'PUT',
    loggerMessage: 'Updated member 50%_off',
  },
  {
    user: 'Anil Zebra',
    email: 'anil@example.org',
    userType: 'Super User',
    ipAddress: '10.1.1.2',
    methodType: 'DELETE',
    loggerMessage: 'Deleted event 7',
  },
  {
    user: 'Global Admin',
    email: 'aaa-first@example.org',
    userType: 'Global Admin',
    ipAddress: '10.9.9.9',
    methodType: 'POST',
    loggerMessage: 'Created plan QQ',
  },
];

beforeAll(async () => {
  t = await createSeededApp({
    async prepare(database, clock) {
      const base = clock.now().getTime() - 60 * 60 * 1000;
      await database.db
        .insert(auditLogs)
        .values(
          KNOWN.map((row, index) => ({ ...row, createdAt: new Date(base - index * 60_000) })),
        );
    },
  });
  adminToken = await tokenOf(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, token = adminToken) =>
  t.app.inject({ url: `/api/logs/?${query}`, headers: bearer(token) });

describe('GET /api/logs/', () => {
  it("lists newest first, 10 a page, with the spec's column names", async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toHaveLength(10);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'created_at',
        'email',
        'id',
        'ip_address',
        'logger_message',
        'method_type',
        'user',
        'userType',
      ].sort(),
    );
    const times = body.items.map((item: { created_at: string }) => Date.parse(item.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.total).toBeGreaterThan(10);
    expect(body.totalCapped).toBe(false);
  });

  it('filters case-insensitively over user, e-mail, type, address, method and message', async () => {
    const byUser = (await list('filter=zEbRa')).json();
    expect(byUser.items.map((item: { email: string }) => item.email).sort()).toEqual([
      'anil@example.org',
      'zebra@example.org',
    ]);
    expect(byUser.total).toBe(2);
    expect((await list('filter=10.9.9')).json().items[0].email).toBe('aaa-first@example.org');
    expect(
      (await list('filter=delete'))
        .json()
        .items.map((item: { method_type: string }) => item.method_type),
    ).toContain('DELETE');
    expect((await list('filter=plan%20qq')).json().total).toBe(1);
  });

  it('counts a filtered list past its last page, and sorts its matches like the whole log', async () => {
    expect((await list('filter=zebra&page=2')).json()).toMatchObject({ items: [], total: 2 });
    const byEmail = (await list('filter=zebra&sort=email&direction=desc')).json();
    expect(byEmail.items.map((item: { email: string }) => item.email)).toEqual([
      'zebra@example.org',
      'anil@example.org',
    ]);
    expect(byEmail.total).toBe(2);
  });

  it('treats % and _ in the filter as text, not wildcards', async () => {
    const body = (await list(`filter=${encodeURIComponent('50%_off')}`)).json();
    expect(body.total).toBe(1);
    expect((await list(`filter=${encodeURIComponent('5_%off')}`)).json().total).toBe(0);
  });

  it('sorts by any column in either direction', async () => {
    const ascending = (await list('sort=email&direction=asc')).json().items;
    expect(ascending[0].email).toBe('aaa-first@example.org');
    const emails = ascending.map((item: { email: string }) => item.email);
    expect([...emails].sort()).toEqual(emails);
    const byUser = (await list('sort=user&direction=desc&filter=zebra')).json().items;
    expect(byUser.map((item: { user: string }) => item.user)).toEqual([
      'Zebra Patel',
      'Anil Zebra',
    ]);
  });

  it('pages with 1-based page numbers and sizes 10, 20, 50, 100', async () => {
    const first = (await list('pageSize=20')).json().items;
    const second = (await list('pageSize=20&page=2')).json().items;
    expect(first).toHaveLength(20);
    expect(second[0].id).not.toBe(first[0].id);
    expect(second.map((item: { id: number }) => item.id)).not.toContain(first[19].id);
    expect((await list('pageSize=15')).statusCode).toBe(400);
    expect((await list('sort=password')).statusCode).toBe(400);
    expect((await list('page=0')).statusCode).toBe(400);
  });

  it('continues the newest-first order by keyset with nextCursor, matching page 2', async () => {
    const first = (await list('pageSize=10')).json();
    expect(first.nextCursor).toBe(first.items[9].id);
    const byCursor = (await list(`pageSize=10&after=${first.nextCursor}`)).json();
    const byPage = (await list('pageSize=10&page=2')).json();
    expect(byCursor.items).toEqual(byPage.items);
    expect((await list('sort=email&after=5')).statusCode).toBe(400);
    expect((await list('sort=email')).json().nextCursor).toBeNull();
  });

  it('is refused to the temporary admin and a member (403) and to anonymous (401)', async () => {
    expect((await list('', await tokenOf(t, 'temp'))).statusCode).toBe(403);
    expect((await list('', await tokenOf(t, 'member'))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/logs/' })).statusCode).toBe(401);
    expect((await list('', await tokenOf(t, 'super'))).statusCode).toBe(200);
  });
});

describe('GET /api/logs/ filtered by a term with a number in it', () => {
  const row = (loggerMessage: string, userType = 'Member') => ({
    user: 'Numbered Entry',
    email: 'numbered@example.org',
    userType,
    ipAddress: '10.2.2.2',
    methodType: 'PUT',
    loggerMessage,
    createdAt: new Date(Date.parse('2020-01-01T00:00:00Z')),
  });
  const messagesOf = async (filter: string) => {
    const body = (await list(`filter=${encodeURIComponent(filter)}&pageSize=100`)).json();
    expect(body.total).toBe(body.items.length);
    return body.items.map((item: { logger_message: string }) => item.logger_message).sort();
  };

  beforeAll(async () => {
    await t.database.db
      .insert(auditLogs)
      .values([
        row('Updated member 987650'),
        row('Paid invoice 987650'),
        row('Refunded 9876% of ticket 5', 'Super User'),
        row('Refunded 98765 of ticket 5', 'Super User'),
        row('Moved file to c:\\987650_x', 'Super User'),
      ]);
  });

  it('finds the entries holding the whole term, not those holding only its number', async () => {
    expect(await messagesOf('member 98765')).toEqual(['Updated member 987650']);
    expect(await messagesOf('MEMBER 987650')).toEqual(['Updated member 987650']);
    // "member" is in that entry's user type and 987650 in its message, but not side by side
    expect(await messagesOf('invoice 987650')).toEqual(['Paid invoice 987650']);
    expect(await messagesOf('member 9876500')).toEqual([]);
    expect(await messagesOf('987650')).toEqual([
      'Moved file to c:\\987650_x',
      'Paid invoice 987650',
      'Updated member 987650',
    ]);
  });

  it('treats %, _ and \\ next to the number as text', async () => {
    expect(await messagesOf('9876% of')).toEqual(['Refunded 9876% of ticket 5']);
    expect(await messagesOf('98765_')).toEqual([]);
    expect(await messagesOf('987650_x')).toEqual(['Moved file to c:\\987650_x']);
    expect(await messagesOf('c:\\987650')).toEqual(['Moved file to c:\\987650_x']);
    expect(await messagesOf('c:\\\\987650')).toEqual([]);
  });

  it('matches terms too short for the index, and numbers of fewer than 3 digits', async () => {
    expect(await messagesOf('qq')).toEqual(['Created plan QQ']);
    expect(await messagesOf('t 5')).toEqual([
      'Refunded 9876% of ticket 5',
      'Refunded 98765 of ticket 5',
    ]);
  });
});

describe('GET /api/logs/ with more entries than the count cap', () => {
  beforeAll(async () => {
    await t.database.db.execute(sql`
      insert into audit_logs ("user", email, user_type, ip_address, method_type, logger_message, created_at)
      select 'Bulk', 'bulk' || g || '@example.org', 'Member', '10.0.0.1', 'GET', 'Bulk entry ' || g,
             now() - interval '400 days' - g * interval '1 second'
      from generate_series(1, ${LOG_COUNT_CAP + 5}) g`);
  });

  it(`counts up to ${LOG_COUNT_CAP} and says the total is capped, and refuses offset pages past it`, async () => {
    const body = (await list('')).json();
    expect(body.total).toBe(LOG_COUNT_CAP);
    expect(body.totalCapped).toBe(true);
    expect((await list(`page=${LOG_COUNT_CAP / 10}`)).statusCode).toBe(200);
    expect((await list(`page=${LOG_COUNT_CAP / 10 + 1}`)).statusCode).toBe(400);
    const filtered = (await list('filter=bulk%20entry%2012345')).json();
    expect(filtered).toMatchObject({ total: 0, totalCapped: false });
    expect((await list('filter=bulk9999@')).json()).toMatchObject({ total: 1, totalCapped: false });
  });

  it('pages a far page of any sort as a slice of the whole order', async () => {
    type TItem = { id: number };
    const items = (query: string) => list(query).then((r) => r.json().items as TItem[]);
    for (const sort of ['sort=email&direction=desc', 'sort=user&direction=asc']) {
      const wide = await items(`${sort}&pageSize=20&page=50`);
      const narrow = [
        ...(await items(`${sort}&pageSize=10&page=99`)),
        ...(await items(`${sort}&pageSize=10&page=100`)),
      ];
      expect(wide).toHaveLength(20);
      expect(narrow.map((item) => item.id)).toEqual(wide.map((item) => item.id));
    }
  });

  it('pages a filter matching more than the cap like the whole log, by page and by cursor', async () => {
    const messages = (body: { items: Array<{ logger_message: string }> }) =>
      body.items.map((item) => item.logger_message);
    const first = (await list('filter=BULK%20ENTRY')).json();
    expect(first).toMatchObject({ total: LOG_COUNT_CAP, totalCapped: true });
    expect(messages(first)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk entry ${i + 1}`));
    // Known now to pass the cap: read again without counting, the same page
    expect((await list('filter=bulk%20entry')).json()).toEqual(first);
    const byCursor = (await list(`filter=bulk%20entry&after=${first.nextCursor}`)).json();
    expect(messages(byCursor)).toEqual(messages((await list('filter=bulk%20entry&page=2')).json()));
    expect(messages(byCursor)[0]).toBe('Bulk entry 11');
    const byEmail = (await list('filter=bulk%20entry&sort=email&direction=desc')).json();
    expect(byEmail.items).toHaveLength(10);
    expect(messages(byEmail).every((message: string) => message.startsWith('Bulk entry'))).toBe(
      true,
    );
  });

  it("counts all of a rare term's entries on a page asked for by cursor", async () => {
    const first = (await list('filter=bulk%20entry%201000')).json();
    expect(first).toMatchObject({ total: 7, totalCapped: false, nextCursor: null });
    const rest = (await list(`filter=bulk%20entry%201000&after=${first.items[0].id}`)).json();
    expect(rest).toMatchObject({ total: 7, totalCapped: false });
    expect(rest.items.map((item: { logger_message: string }) => item.logger_message)).toEqual(
      ['10000', '10001', '10002', '10003', '10004', '10005'].map((n) => `Bulk entry ${n}`),
    );
  });
});

describe('POST /api/logs/ (sign-out)', () => {
  it("ends the caller's own session and logs it from the session, whatever the body says", async () => {
    const signIn = (await signInAs(t, 'member', { ip: '203.0.113.77' })).json();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs/',
      headers: bearer(signIn.authToken),
      remoteAddress: '203.0.113.77',
      payload: { 'Super User': { authToken: 'someone-elses-token' } },
    });
    expect(response.statusCode).toBe(200);
    expect((await latestAudit(t))[0]).toMatchObject({
      user: `${signIn.user.firstName} ${signIn.user.lastName}`,
      email: DEMO.member,
      userType: 'Member',
      ipAddress: '203.0.113.77',
      methodType: 'POST',
      loggerMessage: 'Signed out',
    });
    const after = await t.app.inject({
      url: '/api/user/accTokenmem/me',
      headers: bearer(signIn.authToken),
    });
    expect(after.statusCode).toBe(401);
  });

  it("logs a global admin under the fixed label and leaves the admin's other sessions alone", async () => {
    const other = await tokenOf(t, 'admin');
    const token = await tokenOf(t, 'admin');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logs/', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect((await latestAudit(t))[0]).toMatchObject({
      user: 'Global Admin',
      userType: 'Global Admin',
      loggerMessage: 'Signed out',
    });
    expect(
      (await t.app.inject({ url: '/api/user/accToken/me', headers: bearer(other) })).statusCode,
    ).toBe(200);
  });

  it('answers 401 to a caller who is not signed in, and to a second sign-out', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logs/', payload: {} })).statusCode,
    ).toBe(401);
    const token = await tokenOf(t, 'super');
    await t.app.inject({ method: 'POST', url: '/api/logs/', headers: bearer(token) });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logs/', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
  });
});
