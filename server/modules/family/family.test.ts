import { asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFamilyMember, TFamilyRecord } from '../../../domain/contracts/family';
import { familyMembers, members, membershipPlans } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, latestAudit, tokenOf } from '../auth/auth-test-kit';

let t: TTestApp;
let admin: string;
let superUser: string;
let temp: string;
let member: string;
let ownId: number;
let otherId: number;

beforeAll(async () => {
  t = await createSeededApp();
  [admin, superUser, temp, member] = await Promise.all([
    tokenOf(t, 'admin'),
    tokenOf(t, 'super'),
    tokenOf(t, 'temp'),
    tokenOf(t, 'member'),
  ]);
  const [own] = await t.database.db
    .select()
    .from(members)
    .where(eq(members.email, 'member@example.org'));
  ownId = own.id;
  const [other] = await t.database.db
    .select()
    .from(members)
    .where(ne(members.id, ownId))
    .orderBy(asc(members.id))
    .limit(1);
  otherId = other.id;
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

async function record(id: number | 'me' = 'me', token = member): Promise<TFamilyRecord> {
  const response = await call('GET', `/api/membersfamilylist/${id}`, token);
  expect(response.statusCode).toBe(200);
  return response.json().memberfamily[0];
}

async function setPaid(memberId: number, dependentsPaid: number) {
  await t.database.db.update(members).set({ dependentsPaid }).where(eq(members.id, memberId));
}

describe('GET /api/membersfamilylist/:id', () => {
  it("answers the member's family record in the spec's fields, built from the family rows", async () => {
    const response = await call('GET', '/api/membersfamilylist/me', member);
    expect(response.statusCode).toBe(200);
    expect(response.json().memberfamily).toHaveLength(1);
    const family: TFamilyRecord = response.json().memberfamily[0];
    expect(family).toMatchObject({
      MemberId: ownId,
      MemberFirstName: 'Rajesh',
      MemberLastName: 'Patel',
      MembershipType: 'Family Membership',
      email: 'member@example.org',
      contactPhone: '2815550142',
      street: '4521 Sweetwater Blvd',
      city: 'Sugar Land',
      state: 'TX',
      zipcode: '77479',
      relation: 'Member',
      spouseFirstName: 'Nita',
      spouseLastName: 'Patel',
      spouseemail: 'nita.patel@example.net',
      spousecontactPhone: '2815550143',
      dependname1: 'Aarav Patel',
      dependname2: 'Riya Patel',
      dependname3: null,
      dependdob6: null,
      haveSpouse: true,
      maxDependent: 6,
      dependentsPaid: 2,
      is_active: true,
    });
    expect(family.FamilyPlanId).toMatch(/^GM\d{4}$/);
    expect(family.dependdob1).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(family.spousedateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(response.body).not.toMatch(/access_token|password/i);
  });

  it('lets staff read any family, a member only their own', async () => {
    expect((await record(otherId, temp)).MemberId).toBe(otherId);
    expect((await record(ownId, member)).MemberId).toBe(ownId);
    expect((await call('GET', `/api/membersfamilylist/${otherId}`, member)).statusCode).toBe(403);
    expect((await call('GET', '/api/membersfamilylist/me', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/membersfamilylist/999999', admin)).statusCode).toBe(404);
  });
});

describe('PUT /api/deletememberfamily/:id', () => {
  it('removes a dependent without moving the others, and answers "Deleted SuccessFull"', async () => {
    const response = await call('PUT', '/api/deletememberfamily/me', member, { name: 'dep1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted SuccessFull' });
    const family = await record();
    expect(family).toMatchObject({
      dependname1: null,
      dependdob1: null,
      dependname2: 'Riya Patel',
      dependentsPaid: 2,
    });
    expect((await latestAudit(t))[0].loggerMessage).toBe(
      `Removed dependent 1 Aarav Patel from the family of member ${ownId}`,
    );
    const again = await call('PUT', '/api/deletememberfamily/me', member, { name: 'dep1' });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a temporary admin, another member, an unknown slot name', async () => {
    expect(
      (await call('PUT', `/api/deletememberfamily/${ownId}`, temp, { name: 'spouse' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/deletememberfamily/${otherId}`, member, { name: 'spouse' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/deletememberfamily/me', member, { name: 'dep7' })).statusCode,
    ).toBe(400);
    expect((await record()).spouseFirstName).toBe('Nita');
  });

  it('lets a global admin or super user delete in any family', async () => {
    const [row] = await t.database.db
      .select()
      .from(familyMembers)
      .where(ne(familyMembers.memberId, ownId))
      .orderBy(asc(familyMembers.id))
      .limit(1);
    const name = row.slot === 0 ? 'spouse' : `dep${row.slot}`;
    const path = `/api/deletememberfamily/${row.memberId}`;
    expect((await call('PUT', path, superUser, { name })).statusCode).toBe(200);
    expect((await call('PUT', path, admin, { name })).statusCode).toBe(404);
    const [next] = await t.database.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.memberId, row.memberId))
      .limit(1);
    if (next) {
      const nextName = next.slot === 0 ? 'spouse' : `dep${next.slot}`;
      expect((await call('PUT', path, admin, { name: nextName })).statusCode).toBe(200);
    }
  });
});

describe('/api/family rows', () => {
  it("lists the caller's own rows; staff name the family", async () => {
    const own = await call('GET', '/api/family/', member);
    expect(own.statusCode).toBe(200);
    const items: TFamilyMember[] = own.json().items;
    expect(items.map((row) => row.name)).toEqual(['spouse', 'dep2']);
    expect(items[0]).toMatchObject({
      MemberId: ownId,
      relation: 'spouse',
      slot: 0,
      firstName: 'Nita',
    });
    expect((await call('GET', '/api/family/', temp)).statusCode).toBe(400);
    expect((await call('GET', `/api/family/?memberId=${ownId}`, temp)).json().items).toHaveLength(
      2,
    );
    expect((await call('GET', `/api/family/?memberId=${otherId}`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/family/${items[1].id}`, member)).json()).toEqual(items[1]);
    const [otherRow] = await t.database.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.memberId, otherId));
    if (otherRow)
      expect((await call('GET', `/api/family/${otherRow.id}`, member)).statusCode).toBe(403);
  });

  it('refills a freed, paid-for slot for free, lowest slot first', async () => {
    const response = await call('POST', '/api/family/', member, {
      relation: 'dependent',
      name: 'Anya Patel',
      dateOfBirth: '2019-04-05',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toMatchObject({
      relation: 'dependent',
      slot: 1,
      name: 'dep1',
      firstName: 'Anya Patel',
    });
    expect(await record()).toMatchObject({
      dependname1: 'Anya Patel',
      dependname2: 'Riya Patel',
      dependentsPaid: 2,
    });
  });

  it('refuses a dependent beyond the number paid for with 402, pointing to checkout kind "dependents"', async () => {
    const response = await call('POST', '/api/family/', member, {
      relation: 'dependent',
      name: 'Dev Patel',
      dateOfBirth: '2020-01-01',
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('PAYMENT_REQUIRED');
    expect(response.json().error.message).toContain('checkout (kind "dependents")');
    expect((await record()).dependname3).toBeNull();
  });

  it("never goes past the plan's maxDependent, whatever was paid", async () => {
    const [gm] = await t.database.db
      .select()
      .from(membershipPlans)
      .where(eq(membershipPlans.prefix, 'GM'));
    await t.database.db
      .update(membershipPlans)
      .set({ maxDependent: 2 })
      .where(eq(membershipPlans.id, gm.id));
    await setPaid(ownId, 6);
    const response = await call('POST', '/api/family/', member, {
      relation: 'dependent',
      name: 'Dev Patel',
      dateOfBirth: '2020-01-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'A maximum of 2 dependents is allowed.',
      fields: { dependents: 'A maximum of 2 dependents is allowed.' },
    });
    await t.database.db
      .update(membershipPlans)
      .set({ maxDependent: 6 })
      .where(eq(membershipPlans.id, gm.id));
    await setPaid(ownId, 2);
  });

  it('adds a spouse only when there is none and the plan has one', async () => {
    const spouse = {
      relation: 'spouse',
      spouseFirstName: 'Nita',
      spouseLastName: 'Shah',
      spousedateOfBirth: '1985-01-01',
    };
    expect((await call('POST', '/api/family/', member, spouse)).statusCode).toBe(409);
    await call('PUT', '/api/deletememberfamily/me', member, { name: 'spouse' });
    const added = await call('POST', '/api/family/', member, {
      ...spouse,
      spousecontactPhone: '(713) 555-0100',
      spouseemail: '',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().item).toMatchObject({
      slot: 0,
      name: 'spouse',
      lastName: 'Shah',
      contactPhone: '7135550100',
      email: null,
    });

    const [individual] = await t.database.db
      .select({ id: members.id })
      .from(members)
      .innerJoin(membershipPlans, eq(members.planId, membershipPlans.id))
      .where(eq(membershipPlans.prefix, 'IM'))
      .limit(1);
    const refused = await call('POST', '/api/family/', admin, {
      ...spouse,
      memberId: individual.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('This membership plan does not include a spouse.');
  });

  it('checks names and dates of birth', async () => {
    const noName = await call('POST', '/api/family/', member, {
      relation: 'dependent',
      name: ' ',
      dateOfBirth: '2019-01-01',
    });
    expect(noName.json().error.fields).toMatchObject({ name: 'Name is required' });
    const badDate = await call('POST', '/api/family/', member, {
      relation: 'dependent',
      name: 'X',
      dateOfBirth: '01/02/2019',
    });
    expect(badDate.statusCode).toBe(400);
    const future = await call('POST', '/api/family/', member, {
      relation: 'dependent',
      name: 'X',
      dateOfBirth: '2099-01-01',
    });
    expect(future.json().error.fields).toEqual({
      dateOfBirth: 'A date of birth cannot be in the future.',
    });
  });

  it('edits a row in place; its relation stays', async () => {
    const [row] = (await call('GET', '/api/family/', member))
      .json()
      .items.filter((r: TFamilyMember) => r.name === 'dep2');
    const edited = await call('PUT', `/api/family/${row.id}`, temp, {
      relation: 'dependent',
      name: 'Riya P. Patel',
      dateOfBirth: '2017-03-03',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({
      id: row.id,
      slot: 2,
      firstName: 'Riya P. Patel',
      dateOfBirth: '2017-03-03',
    });
    const wrong = await call('PUT', `/api/family/${row.id}`, member, {
      relation: 'spouse',
      spouseFirstName: 'A',
      spouseLastName: 'B',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('deletes a row for the member and global admins, not for a temporary admin', async () => {
    const [row] = (await call('GET', '/api/family/', member))
      .json()
      .items.filter((r: TFamilyMember) => r.name === 'dep1');
    expect((await call('DELETE', `/api/family/${row.id}`, temp)).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/family/${row.id}`, member);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'Deleted SuccessFull', item: { id: row.id } });
    expect((await record()).dependname1).toBeNull();
  });
});
