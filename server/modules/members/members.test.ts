import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMember } from '../../../domain/contracts/members';
import { payments } from '../../db/schema';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import { callAs, openMembersFixture } from './members-test-kit';

let t: TTestApp;
let admin: string;
let temp: string;
let member: string;
let ownId: number;
let other: { id: number; email: string };

beforeAll(async () => {
  ({ t, admin, temp, member, ownId, other } = await openMembersFixture());
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: object,
) => callAs(t, method, url, token, payload);

describe('GET /api/membercheckemail/:email', () => {
  it('answers whether an e-mail is free, in any letter case, to anyone', async () => {
    expect((await call('GET', '/api/membercheckemail/member@example.org', null)).json()).toEqual({
      available: false,
    });
    expect((await call('GET', '/api/membercheckemail/MEMBER@Example.ORG', null)).json()).toEqual({
      available: false,
    });
    expect((await call('GET', '/api/membercheckemail/newcomer@example.org', null)).json()).toEqual({
      available: true,
    });
    expect((await call('GET', '/api/membercheckemail/not-an-email', null)).statusCode).toBe(400);
  });

  it('counts an open registration checkout as taking the e-mail until it expires after 30 minutes', async () => {
    const now = t.clock.now();
    await t.database.db.insert(payments).values({
      transactionId: 'test-open-registration',
      kind: 'registration',
      provider: 'mock',
      email: 'Joining@Example.org',
      productName: 'Family Membership',
      paymentType: 'Member',
      amountCents: 7725,
      details: { member: { email: 'Joining@Example.org' } },
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      createdAt: now,
    });
    // Not "already registered": a payment for it is in progress, and the answer says until when
    expect((await call('GET', '/api/membercheckemail/joining@example.org', null)).json()).toEqual({
      available: false,
      paymentInProgressUntil: new Date(now.getTime() + 30 * 60_000).toISOString(),
    });
    t.clock.advance(30 * 60_000);
    expect((await call('GET', '/api/membercheckemail/joining@example.org', null)).json()).toEqual({
      available: true,
    });
  });
});

describe('e-mail look-ups are throttled per client (issue 8: enumeration)', () => {
  const lookUp = (url: string, remoteAddress: string) => t.app.inject({ url, remoteAddress });

  it('answers 60 look-ups a minute from one address, then 429 with Retry-After, shared by both checks', async () => {
    const client = nextClientAddress();
    for (let i = 0; i < 30; i++) {
      expect((await lookUp(`/api/membercheckemail/probe${i}@example.org`, client)).statusCode).toBe(
        200,
      );
      expect(
        (await lookUp(`/api/tablecheckemail/probe${i}@example.org?eventid=1`, client)).statusCode,
      ).toBe(200);
    }
    for (const url of [
      '/api/membercheckemail/one.more@example.org',
      '/api/tablecheckemail/one.more@example.org?eventid=1',
    ]) {
      const refused = await lookUp(url, client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.headers['retry-after']).toBe('60');
    }
    expect(
      (await lookUp('/api/membercheckemail/x@example.org', nextClientAddress())).statusCode,
    ).toBe(200);
    t.clock.advance(60_000);
    expect((await lookUp('/api/membercheckemail/x@example.org', client)).statusCode).toBe(200);
  });
});

describe('GET /api/members', () => {
  it('lists members to staff as { member, state } with the spec fields and no secrets', async () => {
    const response = await call('GET', '/api/members', temp);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.total).toBeGreaterThanOrEqual(60);
    expect(body.member).toHaveLength(10);
    expect(body.state).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(response.body).not.toMatch(/password|argon2/i);
    const first: TMember = body.member[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'MemberId',
        'MemberFirstName',
        'MemberLastName',
        'FamilyPlanId',
        'email',
        'contactPhone',
        'street',
        'city',
        'state',
        'zipcode',
        'dateOfBirth',
        'memberImage',
        'planId',
        'prefix',
        'MembershipType',
        'is_active',
        'giftrecieved',
        'notes',
        'validityFrom',
        'validityTo',
        'dependentsPaid',
      ].sort(),
    );
  });

  it('searches FamilyID, name, e-mail and street, "all" listing everyone, and pages', async () => {
    const byName = (await call('GET', '/api/members?search=rajesh%20patel', admin)).json();
    expect(byName.member.map((m: TMember) => m.email)).toEqual(['member@example.org']);
    expect(byName.member[0]).toMatchObject({
      prefix: 'GM',
      MembershipType: 'Family Membership',
      is_active: true,
    });
    const byStreet = (await call('GET', '/api/members?search=SWEETWATER', admin)).json();
    expect(byStreet.member.map((m: TMember) => m.MemberId)).toContain(ownId);
    const familyId = byName.member[0].FamilyPlanId as string;
    expect((await call('GET', `/api/members?search=${familyId}`, admin)).json().total).toBe(1);
    const everyone = (await call('GET', '/api/members?search=all&pageSize=100', admin)).json();
    expect(everyone.member).toHaveLength(everyone.total);
    const second = (await call('GET', '/api/members?page=2&pageSize=20', admin)).json();
    expect(second.member[0].MemberId).toBe(everyone.member[20].MemberId);
    expect((await call('GET', '/api/members?search=%25', admin)).json().total).toBe(0);
    expect((await call('GET', '/api/members?pageSize=7', admin)).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await call('GET', '/api/members', member)).statusCode).toBe(403);
    expect((await call('GET', '/api/members', null)).statusCode).toBe(401);
  });
});

describe('GET /api/membersIndiApi/:id', () => {
  it("answers a member their own record, by id or 'me', as { member: [one], state }", async () => {
    const mine = await call('GET', '/api/membersIndiApi/me', member);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().member).toHaveLength(1);
    expect(mine.json().member[0]).toMatchObject({
      MemberId: ownId,
      email: 'member@example.org',
      contactPhone: '2815550142',
    });
    expect(mine.json().state).toHaveLength(51);
    expect((await call('GET', `/api/membersIndiApi/${ownId}`, member)).json()).toEqual(mine.json());
  });

  it("refuses a member another member's record (403), and anonymous callers (401)", async () => {
    expect((await call('GET', `/api/membersIndiApi/${other.id}`, member)).statusCode).toBe(403);
    expect((await call('GET', '/api/membersIndiApi/me', null)).statusCode).toBe(401);
  });

  it("lets staff read any member, but staff have no 'me'", async () => {
    expect(
      (await call('GET', `/api/membersIndiApi/${other.id}`, temp)).json().member[0].MemberId,
    ).toBe(other.id);
    expect((await call('GET', '/api/membersIndiApi/me', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/membersIndiApi/999999', admin)).statusCode).toBe(404);
  });
});
