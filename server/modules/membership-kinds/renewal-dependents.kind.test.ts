/**
 * Checkout kinds `renewal` and `dependents` end to end: POST /api/checkout, the mock provider's
 * confirm, and what the confirmed payment did to the membership (DESIGN §3b, §3d, §4).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan } from '../../../domain/contracts/plans';
import { members, membershipPlans, payments } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, tokenOf } from '../auth/auth-test-kit';
import {
  familyRecord,
  openMembershipApp,
  payCheckout,
  registrationBody,
  startCheckout,
  successScreen,
} from './checkout-test-kit';

let t: TTestApp;
let admin: string;
let temp: string;
let member: string;
let ownId: number;
let gm: TPlan;

beforeAll(async () => {
  ({ t, admin, temp, member, ownId, gm } = await openMembershipApp());
});
afterAll(() => t?.close());

const checkout = (body: object, token: string | null = null) => startCheckout(t, body, token);
const pay = (transactionID: string) => payCheckout(t, transactionID);
const family = (memberId: number) => familyRecord(t, admin, memberId);

describe('checkout kind renewal', () => {
  it('refuses to sell again a period the membership already has', async () => {
    const response = await checkout({ kind: 'renewal', memberid: ownId, planId: gm.id }, member);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/already runs until/);
  });

  it("moves the membership to the plan's new period, keeping the dependents asked for", async () => {
    const nextYear = { ...gm, validityFrom: '2027-01-01', validityTo: '2027-12-31' };
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/memberplan/${gm.id}`,
      headers: bearer(admin),
      payload: nextYear,
    });
    expect(updated.statusCode).toBe(200);
    expect(
      (await checkout({ kind: 'renewal', memberid: ownId, planId: gm.id, dependents: 3 }, member))
        .statusCode,
    ).toBe(400);

    const started = await checkout(
      { kind: 'renewal', memberid: ownId, planId: gm.id, dependents: 1 },
      member,
    );
    expect(started.statusCode).toBe(200);
    expect(started.json().amount).toBe('87.55');
    const paid = await pay(started.json().transactionID);
    const success = successScreen(paid.successUrl);
    expect(success.path).toBe('/success/renewal');
    expect(success.params).toMatchObject({
      email: 'member@example.org',
      membershipplan: 'Family Membership',
      dependent: '1',
      amount: '87.55',
      member_id: String(ownId),
    });
    const [renewed] = await t.database.db.select().from(members).where(eq(members.id, ownId));
    expect(renewed).toMatchObject({
      validityFrom: '2027-01-01',
      validityTo: '2027-12-31',
      dependentsPaid: 1,
      isActive: true,
    });
    const after = await family(ownId);
    expect(after).toMatchObject({
      dependname1: 'Aarav Patel',
      dependname2: null,
      spouseFirstName: 'Nita',
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, started.json().transactionID));
    expect(payment).toMatchObject({ description: 'renew payment', memberId: ownId, dependent: 1 });
  });

  it('lets staff renew any member, a member only their own', async () => {
    const [other] = await t.database.db
      .select()
      .from(members)
      .where(ne(members.id, ownId))
      .orderBy(asc(members.id))
      .limit(1);
    // A lapsed family membership, so that a renewal is for sale
    await t.database.db
      .update(members)
      .set({ planId: gm.id, isActive: true, validityFrom: '2025-01-01', validityTo: '2025-12-31' })
      .where(eq(members.id, other.id));
    expect(
      (
        await checkout(
          { kind: 'renewal', memberid: other.id, planId: gm.id, dependents: 0 },
          member,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await checkout({ kind: 'renewal', memberid: other.id, planId: gm.id, dependents: 0 }, null))
        .statusCode,
    ).toBe(401);
    const byStaff = await checkout(
      { kind: 'renewal', memberid: other.id, planId: gm.id, dependents: 0 },
      temp,
    );
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json().amount).toBe('77.25');
  });

  it('activates a family entered by hand and gives it its FamilyPlanId on the first payment', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: bearer(temp),
      payload: {
        planId: gm.id,
        member: { ...registrationBody(gm.id, 'walkin@example.org').member, password: undefined },
        spouse: null,
        dependents: [{ name: 'Tara Shah', dateOfBirth: '2016-01-01' }],
      },
    });
    const id = created.json().member.MemberId as number;
    const started = await checkout({ kind: 'renewal', memberid: id, planId: gm.id }, temp);
    expect(started.json().amount).toBe('87.55');
    await pay(started.json().transactionID);
    const [walkIn] = await t.database.db.select().from(members).where(eq(members.id, id));
    expect(walkIn).toMatchObject({ isActive: true, dependentsPaid: 1, validityTo: '2027-12-31' });
    expect(walkIn.familyPlanId).toMatch(/^GM\d{4}$/);
  });
});

describe('checkout kind dependents', () => {
  it('adds a dependent beyond the number paid for through checkout', async () => {
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/family/',
      headers: bearer(member),
      payload: { relation: 'dependent', name: 'Dev Patel', dateOfBirth: '2021-02-02' },
    });
    expect(free.statusCode).toBe(402);

    const started = await checkout(
      {
        kind: 'dependents',
        memberid: ownId,
        dependents: [{ name: 'Dev Patel', dateOfBirth: '2021-02-02' }],
      },
      member,
    );
    expect(started.statusCode).toBe(200);
    // 1 x 10.00, + 3% = 0.30
    expect(started.json().amount).toBe('10.30');
    const paid = await pay(started.json().transactionID);
    const success = successScreen(paid.successUrl);
    expect(success.path).toBe('/family');
    expect(success.params).toMatchObject({
      email: 'member@example.org',
      member_id: String(ownId),
      dependent: '1',
      amount: '10.30',
    });
    expect(await family(ownId)).toMatchObject({
      dependname1: 'Aarav Patel',
      dependname2: 'Dev Patel',
      dependentsPaid: 2,
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, ownId), eq(payments.kind, 'dependents')))
      .orderBy(asc(payments.id));
    expect(payment).toMatchObject({ description: 'dependent payment', status: 'payment done' });
  });

  it("refuses more than the plan's maximum, and selling a slot already paid for", async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({
      name: `Child ${i}`,
      dateOfBirth: '2015-01-01',
    }));
    const tooMany = await checkout(
      { kind: 'dependents', memberid: ownId, dependents: five },
      member,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('A maximum of 6 dependents is allowed.');
    await t.app.inject({
      method: 'PUT',
      url: '/api/deletememberfamily/me',
      headers: bearer(member),
      payload: { name: 'dep2' },
    });
    const paidSlot = await checkout(
      {
        kind: 'dependents',
        memberid: ownId,
        dependents: [{ name: 'X', dateOfBirth: '2020-01-01' }],
      },
      member,
    );
    expect(paidSlot.statusCode).toBe(409);
    expect(paidSlot.json().error.message).toMatch(/paid-for slot free/);
  });
});

describe('the end of a Limited period', () => {
  it("refuses renewal with a clear message once the plan's window has ended", async () => {
    t.clock.set('2028-01-05T15:00:00Z');
    const response = await checkout(
      { kind: 'renewal', memberid: ownId, planId: gm.id },
      await tokenOf(t, 'member'),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'The Family Membership period ended on Dec 31, 2027; it can be joined or renewed again once the association opens its next period.',
    );
    const [plan] = await t.database.db
      .select()
      .from(membershipPlans)
      .where(eq(membershipPlans.id, gm.id));
    expect(plan.validityTo).toBe('2027-12-31');
  });
});
