import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import {
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  demoMemberId,
  insertPayment,
  memberHeaders,
  nonMemberCheckout,
  otherActiveMemberId,
  paymentRow,
  staffHeaders,
  startCheckout,
} from './payments-test-kit';

let t: TTestApp;
let memberId: number;
let member: Record<string, string>;
let admin: Record<string, string>;
let eventId: number;
beforeAll(async () => {
  t = await createSeededApp();
  memberId = await demoMemberId(t);
  member = await memberHeaders(t);
  admin = await staffHeaders(t);
  eventId = (await createEvent(t, { capacity: 500 })).id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url, payload, headers });

describe('who may read a payment', () => {
  it('lets anyone holding the id of a non-member purchase read it', async () => {
    const transactionId = await buyNonMemberTickets(t, eventId, 1);
    expect((await t.app.inject({ url: `/api/payment/${transactionId}` })).statusCode).toBe(200);
  });

  it("keeps a member's payment to that member and staff", async () => {
    const other = await otherActiveMemberId(t);
    const theirs = await insertPayment(t, {
      kind: 'member-ticket',
      memberId: other,
      eventId,
      paymentType: 'Event',
      status: 'payment done',
      confirmedAt: t.clock.now(),
    });
    const anonymous = await t.app.inject({ url: `/api/payment/${theirs.transactionId}` });
    expect(anonymous.statusCode).toBe(401);
    const otherMember = await t.app.inject({
      url: `/api/payment/${theirs.transactionId}`,
      headers: member,
    });
    expect(otherMember.statusCode).toBe(403);
    expect(otherMember.json().error.code).toBe('FORBIDDEN');
    expect(
      (await post('/api/nonmember/memberticket', { transactionID: theirs.transactionId }, member))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `/api/payment/${theirs.transactionId}`,
          headers: await staffHeaders(t, 'temp'),
        })
      ).statusCode,
    ).toBe(200);
    const mine = await insertPayment(t, {
      kind: 'member-ticket',
      memberId,
      eventId,
      paymentType: 'Event',
      status: 'payment done',
      confirmedAt: t.clock.now(),
    });
    expect(
      (await t.app.inject({ url: `/api/payment/${mine.transactionId}`, headers: member }))
        .statusCode,
    ).toBe(200);
  });

  it('checks the member id a call names against the payment', async () => {
    const mine = await insertPayment(t, {
      kind: 'dependents',
      memberId,
      description: 'dependent payment',
      status: 'payment done',
      confirmedAt: t.clock.now(),
    });
    const other = await otherActiveMemberId(t);
    expect(
      (
        await post(
          '/api/payment_dependent',
          { transactionID: mine.transactionId, member_id: other },
          admin,
        )
      ).statusCode,
    ).toBe(402);
    expect(
      (
        await post(
          '/api/payment_dependent',
          { transactionID: mine.transactionId, member_id: memberId },
          member,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('membership payment calls', () => {
  it('PUT and GET /api/nonmember/memberrenew/:id record and answer the latest renewal', async () => {
    const older = await insertPayment(t, {
      kind: 'renewal',
      memberId,
      status: 'payment done',
      confirmedAt: new Date(t.clock.now().getTime() - 86_400_000),
    });
    const latest = await insertPayment(t, {
      kind: 'renewal',
      memberId,
      status: 'payment done',
      confirmedAt: t.clock.now(),
    });
    expect(
      (
        await put(
          `/api/nonmember/memberrenew/${memberId}`,
          { transactionID: older.transactionId },
          member,
        )
      ).json().recorded_at,
    ).not.toBeNull();
    const read = await t.app.inject({
      url: `/api/nonmember/memberrenew/${memberId}`,
      headers: member,
    });
    expect(read.json().transactionID).toBe(latest.transactionId);
    const other = await otherActiveMemberId(t);
    expect(
      (await t.app.inject({ url: `/api/nonmember/memberrenew/${other}`, headers: member }))
        .statusCode,
    ).toBe(403);
  });

  it('PUT /api/memberPaymentLimited/:id is for the member on their own id and for staff, answering "MemberShip Updated"', async () => {
    const renewal = await insertPayment(t, {
      kind: 'renewal',
      memberId,
      status: 'payment done',
      confirmedAt: t.clock.now(),
    });
    const body = { transactionID: renewal.transactionId };
    expect((await put(`/api/memberPaymentLimited/${memberId}`, body)).statusCode).toBe(401);
    const other = await otherActiveMemberId(t);
    expect((await put(`/api/memberPaymentLimited/${other}`, body, member)).statusCode).toBe(403);
    for (const caller of [member, admin]) {
      const response = await put(`/api/memberPaymentLimited/${memberId}`, body, caller);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'MemberShip Updated',
        payment: { transactionID: renewal.transactionId, status: 'payment done' },
      });
    }
  });
});

describe('payment history', () => {
  it("pages a member's own payments, newest first, leaving out unfinished checkouts", async () => {
    const fresh = await createEvent(t);
    const pending = await startCheckout(
      t,
      { kind: 'member-ticket', eventid: fresh.id, memberid: memberId, ticket: 1 },
      member,
    );
    const response = await t.app.inject({
      url: '/api/nonmember/paymentmemberinformation?page=1&page_size=5',
      headers: member,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(5);
    expect(page.items.length).toBeLessThanOrEqual(5);
    expect(page.total).toBeGreaterThan(0);
    expect(
      page.items.every(
        (item: { memberid: number; status: string }) =>
          item.memberid === memberId && item.status === 'payment done',
      ),
    ).toBe(true);
    expect(page.items[0].memberID).toMatchObject({
      MemberId: memberId,
      MemberFirstName: expect.any(String),
    });
    const all = (
      await t.app.inject({ url: '/api/nonmember/paymentallmem', headers: member })
    ).json();
    expect(all).toHaveLength(page.total);
    expect(all.some((item: { transactionID: string }) => item.transactionID === pending)).toBe(
      false,
    );
    const created = all.map((item: { created_at: string }) => item.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('shows staff every payment and refuses anonymous callers', async () => {
    const staffPage = (
      await t.app.inject({
        url: '/api/nonmember/paymentmemberinformation?page=2&page_size=10',
        headers: admin,
      })
    ).json();
    const memberPage = (
      await t.app.inject({ url: '/api/nonmember/paymentmemberinformation', headers: member })
    ).json();
    expect(staffPage.total).toBeGreaterThan(memberPage.total);
    expect(staffPage.items).toHaveLength(10);
    expect((await t.app.inject({ url: '/api/nonmember/paymentallmem' })).statusCode).toBe(401);
  });

  it('GET /api/nonmember/:id shows a buyer and their purchases to staff only', async () => {
    const transactionId = await startCheckout(t, nonMemberCheckout(eventId, 1));
    const { nonMemberId } = await paymentRow(t, transactionId);
    const response = await t.app.inject({ url: `/api/nonmember/${nonMemberId}`, headers: admin });
    expect(response.json()).toMatchObject({
      id: nonMemberId,
      fname: 'Asha',
      lname: 'Patel',
      payments: [{ transactionID: transactionId, status: 'pending' }],
    });
    expect(
      (await t.app.inject({ url: `/api/nonmember/${nonMemberId}`, headers: member })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/nonmember/${nonMemberId}` })).statusCode).toBe(401);
  });
});
