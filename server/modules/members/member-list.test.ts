/**
 * The back office's member list (spec 02 §2.7, §2.9; DESIGN §3c, §3d): POST /api/listMember with
 * its filters, search and paging, the gift and notes update, and deleting a member with what it
 * keeps. Expectations are computed from the seeded rows themselves, so they hold for any seed.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMember, TMemberFilter } from '../../../domain/contracts/members';
import { MAX_DB_INT } from '../../../domain/contracts/fields';
import { toCalendarDate } from '../../../domain/dates';
import {
  adminAccounts,
  boardMembers,
  familyMembers,
  members,
  membershipPlans,
  payments,
  sessions,
  tickets,
} from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { latestAudit, tokenOf } from '../auth/auth-test-kit';
import { callAs, openMembersFixture } from './members-test-kit';
import { listMembers } from './member-list.service';
import { getMember } from './members.service';

let t: TTestApp;
let admin: string;
let temp: string;
let member: string;
let ownId: number;
let other: { id: number; email: string };
let superUser: string;

beforeAll(async () => {
  ({ t, admin, temp, member, ownId, other } = await openMembersFixture());
  superUser = await tokenOf(t, 'super');
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => callAs(t, method, url, token, payload);

const list = (token: string, filter: TMemberFilter) =>
  call('POST', '/api/listMember', token, filter);

/** Every member with its plan prefix, straight from the database. */
async function allRows() {
  return t.database.db
    .select({ member: members, prefix: membershipPlans.prefix })
    .from(members)
    .leftJoin(membershipPlans, eq(members.planId, membershipPlans.id));
}

function today(): string {
  return toCalendarDate(t.clock.now(), t.config.timeZone);
}

function inForce(row: { isActive: boolean; validityTo: string | null }): boolean {
  return row.isActive && (row.validityTo === null || row.validityTo >= today());
}

/** All pages of a filter, at 100 a page. */
async function everyPage(filter: TMemberFilter): Promise<{ rows: TMember[]; total: number }> {
  const rows: TMember[] = [];
  let total: number;
  for (let page = 1; ; page += 1) {
    const response = await list(admin, { ...filter, page, pageSize: 100 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    total = body.total;
    rows.push(...body.member);
    if (body.member.length < 100) break;
  }
  return { rows, total };
}

describe('POST /api/listMember as staff', () => {
  it('defaults to active members, page 1, 10 a page, with the total and the state list', async () => {
    const response = await list(temp, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = (await allRows()).filter((row) => inForce(row.member));
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: expected.length });
    expect(body.member).toHaveLength(10);
    expect(body.member.every((row: TMember) => row.is_active)).toBe(true);
    expect(body.state).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(response.body).not.toMatch(/password|argon2|access_token/i);
  });

  it.each([
    ['active', { active: 'true', gift: '', membertype: null }],
    ['inactive', { active: 'false', gift: '', membertype: null }],
    ['active with the gift received', { active: 'true', gift: 'true', membertype: null }],
    ['active without the gift', { active: 'true', gift: 'false', membertype: null }],
    ['inactive on the GM plan', { active: 'false', gift: '', membertype: 'GM' }],
    ['active on the magazine plan', { active: 'true', gift: '', membertype: 'DA' }],
  ] as const)('lists exactly the %s members', async (_name, filter) => {
    const { rows, total } = await everyPage(filter);
    const expected = (await allRows())
      .filter((row) => inForce(row.member) === (filter.active === 'true'))
      .filter((row) =>
        filter.gift === ''
          ? true
          : (row.member.giftReceived === 'received') === (filter.gift === 'true'),
      )
      .filter((row) => filter.membertype === null || row.prefix === filter.membertype)
      .map((row) => row.member.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect(total).toBe(expected.length);
    expect(rows.map((row) => row.MemberId)).toEqual(expected);
  });

  it('pages in id order without gaps or repeats', async () => {
    const first = (await list(admin, { active: 'true', page: 1, pageSize: 20 })).json();
    const second = (await list(admin, { active: 'true', page: 2, pageSize: 20 })).json();
    const ids = [...first.member, ...second.member].map((row: TMember) => row.MemberId);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const whole = (await list(admin, { active: 'true', page: 1, pageSize: 50 })).json();
    expect(whole.member.slice(0, 40).map((row: TMember) => row.MemberId)).toEqual(ids);
  });

  it('counts every match on each page, and on a page past the last one', async () => {
    const expected = (await allRows()).filter((row) => inForce(row.member)).length;
    const last = Math.ceil(expected / 10);
    // The largest page the contract takes lies far past any count of rows, at 100 a page too
    for (const [page, pageSize] of [
      [1, 10],
      [last, 10],
      [last + 3, 10],
      [MAX_DB_INT, 100],
    ]) {
      const response = await list(admin, { active: 'true', page, pageSize });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.total).toBe(expected);
      expect(body.member).toHaveLength(
        page > last ? 0 : page === last ? expected - 10 * (last - 1) : 10,
      );
    }
  });

  it('refuses page sizes other than 10, 20, 50, 100 and unknown filter values with messages', async () => {
    const size = await list(admin, { pageSize: 25 });
    expect(size.statusCode).toBe(400);
    expect(size.json().error.fields.pageSize).toBe('Page size is one of 10, 20, 50, 100.');
    const active = await call('POST', '/api/listMember', admin, { active: 'yes' });
    expect(active.json().error.fields.active).toBe("Active is 'true' or 'false'.");
    const gift = await call('POST', '/api/listMember', admin, { gift: 'maybe' });
    expect(gift.json().error.fields.gift).toBe("Gift is 'true', 'false' or empty.");
  });
});

describe('POST /api/listMember search', () => {
  let target: typeof members.$inferSelect;
  beforeAll(async () => {
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(and(isNotNull(members.familyPlanId), eq(members.isActive, true)))
      .limit(1);
    target = row;
  });

  const ids = async (search: string, extra: TMemberFilter = {}) =>
    (
      await everyPage({ active: target && inForce(target) ? 'true' : 'false', ...extra, search })
    ).rows.map((row) => row.MemberId);

  it('finds a member by FamilyPlanId, first, last, "first last", e-mail and street in any case', async () => {
    const street = target.street.split(' ').slice(1).join(' ');
    for (const term of [
      target.familyPlanId!.toLowerCase(),
      target.firstName.toUpperCase(),
      target.lastName.toLowerCase(),
      `${target.firstName} ${target.lastName}`.toUpperCase(),
      target.email.toUpperCase(),
      street.toLowerCase(),
    ]) {
      expect(await ids(term), term).toContain(target.id);
    }
  });

  it('matches substrings only, and reads % and _ as themselves', async () => {
    const found = await ids(target.email.slice(1, -2));
    expect(found).toContain(target.id);
    expect(await ids('%')).toEqual([]);
    expect(await ids('zzqx-nobody')).toEqual([]);
  });

  it('treats an empty term and "all" as no search', async () => {
    const everyone = await ids('');
    expect(everyone.length).toBeGreaterThan(10);
    expect(await ids('ALL')).toEqual(everyone);
  });

  it('combines the search with the filters and the count', async () => {
    const body = (
      await list(admin, { active: 'true', search: 'example', membertype: 'GM', pageSize: 10 })
    ).json();
    const expected = (await allRows()).filter(
      (row) =>
        inForce(row.member) &&
        row.prefix === 'GM' &&
        `${row.member.familyPlanId ?? ''} ${row.member.firstName} ${row.member.lastName} ${row.member.email} ${row.member.street}`
          .toLowerCase()
          .includes('example'),
    );
    expect(body.total).toBe(expected.length);
    expect(body.member.every((row: TMember) => row.prefix === 'GM' && row.is_active)).toBe(true);
  });
});

describe('POST /api/listMember rows', () => {
  /** The last family, given every optional field and a name and street with a quote and a backslash. */
  let full: typeof members.$inferSelect;
  beforeAll(async () => {
    const [last] = await t.database.db.select().from(members).orderBy(desc(members.id)).limit(1);
    [full] = await t.database.db
      .update(members)
      .set({
        lastName: "O'Brien",
        street: '12 Back\\slash Rd',
        dateOfBirth: '1980-02-29',
        memberImage: 'list-row-image',
        isActive: true,
        validityFrom: '2026-01-01',
        validityTo: '2099-12-31',
        giftReceived: 'received',
        notes: 'Said "yes" to the Diwali stall; café',
        dependentsPaid: 2,
      })
      .where(eq(members.id, last.id))
      .returning();
  });

  it("shows every row exactly as the member's own record shows it", async () => {
    const rows = [
      ...(await everyPage({ active: 'true' })).rows,
      ...(await everyPage({ active: 'false' })).rows,
    ];
    expect(rows.map((row) => row.MemberId)).toContain(full.id);
    for (const row of rows) {
      expect(row).toEqual(await getMember(t.database.db, row.MemberId, today()));
    }
  });

  it('answers lists asked together with a combination of filters not asked before', async () => {
    const filter = { active: 'false', gift: 'false', membertype: 'GM', search: 'a' } as const;
    const pages = await Promise.all(
      Array.from({ length: 8 }, () =>
        listMembers(t.database, { ...filter, page: 1, pageSize: 10 }, today()),
      ),
    );
    expect(new Set(pages.map((page) => JSON.stringify(page))).size).toBe(1);
    expect(pages[0].total).toBe((await everyPage(filter)).total);
  });

  it('searches for quotes and backslashes as typed', async () => {
    for (const term of ["o'brien", 'back\\slash', "'", '\\']) {
      const { rows, total } = await everyPage({ active: 'true', search: term });
      expect(
        rows.map((row) => row.MemberId),
        term,
      ).toContain(full.id);
      expect(total).toBe(rows.length);
    }
    expect((await everyPage({ active: 'true', search: "o'brien' or ''='" })).rows).toEqual([]);
  });
});

describe('POST /api/listMember as a member', () => {
  it('answers only their own row as { member, state }, whatever the filter asks', async () => {
    const response = await list(member, {
      active: 'false',
      gift: 'true',
      membertype: 'DA',
      search: 'x',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.member.map((row: TMember) => row.MemberId)).toEqual([ownId]);
    expect(body.total).toBe(1);
    expect(body.state.length).toBeGreaterThan(50);
  });

  it('refuses anonymous callers', async () => {
    expect((await call('POST', '/api/listMember', null, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/memberUpdateLimited/:id', () => {
  it('sets and clears the gift for temp admins and admins, and the list filter follows', async () => {
    const received = await call('PUT', `/api/memberUpdateLimited/${other.id}`, temp, {
      giftrecieved: 'received',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      message: 'Member Updated',
      member: { MemberId: other.id, giftrecieved: 'received' },
    });
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Updated member ${other.id}: gift received`,
    );
    const withGift = await everyPage({ active: 'false', gift: 'true' });
    const withGiftActive = await everyPage({ active: 'true', gift: 'true' });
    expect([...withGift.rows, ...withGiftActive.rows].map((r) => r.MemberId)).toContain(other.id);

    const cleared = await call('PUT', `/api/memberUpdateLimited/${other.id}`, admin, {
      giftrecieved: '',
    });
    expect(cleared.json().member.giftrecieved).toBe('');
  });

  it('saves notes without touching the gift', async () => {
    await call('PUT', `/api/memberUpdateLimited/${other.id}`, admin, { giftrecieved: 'received' });
    const response = await call('PUT', `/api/memberUpdateLimited/${other.id}`, superUser, {
      notes: '  Called about the Diwali volunteers  ',
    });
    expect(response.json().member).toMatchObject({
      notes: 'Called about the Diwali volunteers',
      giftrecieved: 'received',
    });
  });

  it('refuses members (even on their own id), anonymous callers and empty or wrong bodies', async () => {
    expect(
      (await call('PUT', `/api/memberUpdateLimited/${ownId}`, member, { giftrecieved: 'received' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/memberUpdateLimited/${ownId}`, null, { notes: 'x' })).statusCode,
    ).toBe(401);
    const empty = await call('PUT', `/api/memberUpdateLimited/${other.id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Send giftrecieved or notes.');
    const wrong = await call('PUT', `/api/memberUpdateLimited/${other.id}`, admin, {
      giftrecieved: 'yes',
    });
    expect(wrong.json().error.fields.giftrecieved).toBe("giftrecieved is 'received' or empty.");
    const long = await call('PUT', `/api/memberUpdateLimited/${other.id}`, admin, {
      notes: 'x'.repeat(2001),
    });
    expect(long.json().error.fields.notes).toBe('Notes are at most 2000 characters.');
    expect(
      (await call('PUT', '/api/memberUpdateLimited/987654', admin, { notes: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/memberupdate/:id', () => {
  /** A member who is on the board, has paid and holds tickets: the richest case to delete. */
  async function boardMemberWithHistory() {
    const rows = await t.database.db
      .select({ memberId: boardMembers.memberId })
      .from(boardMembers)
      .innerJoin(tickets, eq(tickets.memberId, boardMembers.memberId));
    const withPayments = await t.database.db
      .select({ memberId: payments.memberId })
      .from(payments)
      .where(isNotNull(payments.memberId));
    const paid = new Set(withPayments.map((row) => row.memberId));
    const candidate = rows.find((row) => paid.has(row.memberId))?.memberId;
    if (candidate) return candidate;
    const [board] = await t.database.db
      .select({ memberId: boardMembers.memberId })
      .from(boardMembers)
      .where(isNotNull(boardMembers.memberId));
    return board.memberId!;
  }

  it('refuses temporary admins, members and anonymous callers, and keeps the member', async () => {
    expect((await call('DELETE', `/api/memberupdate/${other.id}`, temp)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/memberupdate/${ownId}`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/memberupdate/${other.id}`, null)).statusCode).toBe(401);
    const [still] = await t.database.db.select().from(members).where(eq(members.id, other.id));
    expect(still).toBeDefined();
  });

  it('deletes as admin: payments keep their names, tickets stay, the board entry goes', async () => {
    const memberId = await boardMemberWithHistory();
    const [person] = await t.database.db.select().from(members).where(eq(members.id, memberId));
    const paymentIds = (
      await t.database.db.select().from(payments).where(eq(payments.memberId, memberId))
    ).map((row) => row.id);
    const ticketIds = (
      await t.database.db.select().from(tickets).where(eq(tickets.memberId, memberId))
    ).map((row) => row.id);
    expect(paymentIds.length).toBeGreaterThan(0);
    expect(ticketIds.length).toBeGreaterThan(0);
    const memberSession = await tokenOf(t, 'member', { email: person.email });

    const response = await call('DELETE', `/api/memberupdate/${memberId}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Delete Successfully !!' });

    expect(await t.database.db.select().from(members).where(eq(members.id, memberId))).toEqual([]);
    expect(
      await t.database.db.select().from(familyMembers).where(eq(familyMembers.memberId, memberId)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(boardMembers).where(eq(boardMembers.memberId, memberId)),
    ).toEqual([]);
    for (const id of paymentIds) {
      const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, id));
      expect(kept.memberId).toBeNull();
      expect(kept.memberName).toBeTruthy();
    }
    for (const id of ticketIds) {
      const [kept] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
      expect(kept).toBeDefined();
    }
    expect((await call('GET', '/api/membersIndiApi/me', memberSession)).statusCode).toBe(401);
    expect((await latestAudit(t))[0].loggerMessage).toMatch(
      new RegExp(`^Deleted member ${memberId} \\(`),
    );
    expect((await call('DELETE', `/api/memberupdate/${memberId}`, admin)).statusCode).toBe(404);
  });

  it("takes a linked Temp Admin's sign-in with the member", async () => {
    const [tempAccount] = await t.database.db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.email, 'temp@example.org'));
    const [account] = await t.database.db
      .insert(adminAccounts)
      .values({
        email: 'linked-temp@example.org',
        passwordHash: tempAccount.passwordHash,
        firstName: 'Linked',
        kind: 'ga',
        isStaff: true,
        validityFrom: tempAccount.validityFrom,
        validityTo: tempAccount.validityTo,
      })
      .returning();
    const [target] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.id, other.id + 1));
    await t.database.db.insert(boardMembers).values({
      firstName: target.firstName,
      email: 'linked-temp@example.org',
      memberBoardType: 'Temp Admin',
      memberId: target.id,
      adminAccountId: account.id,
    });
    const linkedToken = await tokenOf(t, 'temp', { email: 'linked-temp@example.org' });
    expect((await list(linkedToken, {})).statusCode).toBe(200);

    expect((await call('DELETE', `/api/memberupdate/${target.id}`, superUser)).statusCode).toBe(
      200,
    );
    expect(
      await t.database.db.select().from(adminAccounts).where(eq(adminAccounts.id, account.id)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.kind, 'ga'), eq(sessions.subjectId, account.id))),
    ).toEqual([]);
    expect((await list(linkedToken, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/memberPaymentLimited/:id', () => {
  it("is served to a member on their own id, and refuses another member's", async () => {
    const own = await call('PUT', `/api/memberPaymentLimited/${ownId}`, member, {
      transactionID: 'no-such-transaction',
    });
    // Reached the service: an unknown transaction is "not confirmed", not a refusal
    expect(own.statusCode, own.body).toBe(402);
    const foreign = await call('PUT', `/api/memberPaymentLimited/${other.id}`, member, {
      transactionID: 'no-such-transaction',
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("records the member's own confirmed membership payment", async () => {
    const [paid] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, ownId), eq(payments.status, 'payment done')));
    const response = await call('PUT', `/api/memberPaymentLimited/${ownId}`, member, {
      transactionID: paid.transactionId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'MemberShip Updated',
      payment: { transactionID: paid.transactionId, memberid: ownId },
    });
  });
});

describe('GET /api/nonmember/paymentmemberinformation?memberid=', () => {
  it("answers one member's payments to staff, and only their own to a member", async () => {
    const response = await call(
      'GET',
      `/api/nonmember/paymentmemberinformation?memberid=${ownId}&page=1&page_size=100`,
      temp,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((item: { memberid: number }) => item.memberid === ownId)).toBe(true);
    const mine = await call(
      'GET',
      `/api/nonmember/paymentmemberinformation?memberid=${ownId}`,
      member,
    );
    expect(mine.statusCode).toBe(200);
    const theirs = await call(
      'GET',
      `/api/nonmember/paymentmemberinformation?memberid=${other.id}`,
      member,
    );
    expect(theirs.statusCode).toBe(403);
  });
});

describe('POST /api/members with missing or wrong fields', () => {
  it('answers messages a person understands', async () => {
    const empty = await call('POST', '/api/members', admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      planId: 'Please choose a membership plan.',
      member: "Please enter the member's details: name, e-mail, phone and address.",
    });
    expect(empty.body).not.toMatch(/NaN|Invalid input|expected/);
    const partial = await call('POST', '/api/members', admin, { planId: 'x', member: {} });
    expect(partial.json().error.fields).toMatchObject({
      planId: 'Please choose a membership plan.',
      'member.MemberFirstName': 'First name is required.',
      'member.email': 'Email is required.',
      'member.street': 'Please enter your Address.',
      'member.city': 'Please enter your city.',
      'member.state': 'Please enter your State.',
      'member.zipcode': 'Please enter your Zipcode.',
    });
    expect(partial.body).not.toMatch(/NaN|Invalid input|expected/);
  });
});

describe('PUT /api/memberupdate/:id refusals', () => {
  it("refuses a member editing another family's record", async () => {
    const response = await call('PUT', `/api/memberupdate/${other.id}`, member, {
      MemberFirstName: 'Intruder',
      email: 'intruder@example.org',
      contactPhone: '2815550199',
      street: '1 Main St',
      city: 'Houston',
      state: 'TX',
      zipcode: '77001',
    });
    expect(response.statusCode).toBe(403);
    const [kept] = await t.database.db.select().from(members).where(eq(members.id, other.id));
    expect(kept.firstName).not.toBe('Intruder');
  });
});
