import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import {
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  demoMemberId,
  insertPayment,
  memberHeaders,
  paymentRow,
  payMock,
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

const FORGED = 'txn_forgedforgedforgedforg';

interface TCall {
  name: string;
  kind:
    | 'nonmember-ticket'
    | 'table-for-10'
    | 'member-ticket'
    | 'registration'
    | 'renewal'
    | 'dependents';
  call(transactionId: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url, payload, headers });

const RECORD_CALLS: TCall[] = [
  {
    name: 'POST /api/nonmember/paymentnonmember',
    kind: 'nonmember-ticket',
    call: (id, h) =>
      post(
        '/api/nonmember/paymentnonmember',
        { transactionID: id, status: 'payment done', description: 'payment' },
        h,
      ),
  },
  {
    name: 'POST /api/nonmember/trasactiontable',
    kind: 'table-for-10',
    call: (id, h) =>
      post('/api/nonmember/trasactiontable', { transactionID: id, price: '0.01' }, h),
  },
  {
    name: 'POST /api/nonmember/memberticket',
    kind: 'member-ticket',
    call: (id, h = member) =>
      post('/api/nonmember/memberticket', { transactionID: id, price: '0.01' }, h),
  },
  {
    name: 'POST /api/payment',
    kind: 'renewal',
    call: (id, h = member) =>
      post('/api/payment', { transactionID: id, status: 'payment done', price: '0.01' }, h),
  },
  {
    name: 'POST /api/payment_dependent',
    kind: 'dependents',
    call: (id, h = member) =>
      post('/api/payment_dependent', { transactionID: id, member_id: memberId }, h),
  },
  {
    name: 'PUT /api/nonmember/memberrenew/:id',
    kind: 'renewal',
    call: (id, h = member) =>
      put(`/api/nonmember/memberrenew/${memberId}`, { transactionID: id }, h),
  },
  {
    name: 'PUT /api/memberPaymentLimited/:id',
    kind: 'renewal',
    call: (id, h = admin) => put(`/api/memberPaymentLimited/${memberId}`, { transactionID: id }, h),
  },
  {
    name: 'GET /api/payment/:id',
    kind: 'member-ticket',
    call: (id, h = member) => t.app.inject({ url: `/api/payment/${id}`, headers: h }),
  },
  {
    name: 'GET /api/nonmember/paymentnonmember/:id',
    kind: 'nonmember-ticket',
    call: (id, h) => t.app.inject({ url: `/api/nonmember/paymentnonmember/${id}`, headers: h }),
  },
];

/** A pending payment of the kind, as its checkout leaves it (for the demo member where a member is named). */
async function pendingOf(kind: TCall['kind']) {
  const forMember =
    kind === 'member-ticket' || kind === 'renewal' || kind === 'dependents' ? memberId : null;
  return insertPayment(t, {
    kind,
    memberId: forMember,
    eventId: kind.includes('ticket') || kind === 'table-for-10' ? eventId : null,
    paymentType: kind.includes('ticket') || kind === 'table-for-10' ? 'Event' : 'Member',
    dependent: kind === 'table-for-10' ? 10 : 1,
  });
}

describe('the record and read calls refuse what the provider has not confirmed', () => {
  for (const entry of RECORD_CALLS) {
    it(`${entry.name}: 402 for a forged and for a pending transaction, told apart, and nothing changes`, async () => {
      const forged = await entry.call(FORGED);
      expect(forged.statusCode).toBe(402);
      // Unknown says so at once, so the screen stops instead of asking again for a minute
      expect(forged.json().error).toEqual({
        code: 'PAYMENT_REQUIRED',
        message: 'No payment has this transaction ID.',
      });
      const pending = await pendingOf(entry.kind);
      const stillPending = await entry.call(pending.transactionId);
      expect(stillPending.statusCode).toBe(402);
      expect(stillPending.json().error).toEqual({
        code: 'PAYMENT_REQUIRED',
        message: 'This payment is not confirmed.',
      });
      const after = await paymentRow(t, pending.transactionId);
      expect(after.status).toBe('pending');
      expect(after.recordedAt).toBeNull();
      expect(after.confirmedAt).toBeNull();
    });
  }

  it('402 for a failed payment, with the reason the buyer was given', async () => {
    const failed = await insertPayment(t, {
      kind: 'nonmember-ticket',
      eventId,
      paymentType: 'Event',
      status: 'failed',
      failureReason: 'Only 1 seat is left. Your card was not charged.',
    });
    const response = await post('/api/nonmember/paymentnonmember', {
      transactionID: failed.transactionId,
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe(
      'This payment is not confirmed. Only 1 seat is left. Your card was not charged.',
    );
  });

  it('402 for a confirmed payment of another kind than the call records', async () => {
    const transactionId = await buyNonMemberTickets(t, eventId, 1);
    expect(
      (await post('/api/nonmember/trasactiontable', { transactionID: transactionId })).statusCode,
    ).toBe(402);
    expect((await post('/api/payment', { transactionID: transactionId })).statusCode).toBe(402);
  });
});

describe('recording a confirmed payment', () => {
  it('answers the stored payment, never the body, and sets recorded_at once', async () => {
    const transactionId = await buyNonMemberTickets(t, eventId, 2);
    const stored = await paymentRow(t, transactionId);
    expect(stored.recordedAt).toBeNull();
    const first = await post('/api/nonmember/paymentnonmember', {
      transactionID: transactionId,
      email: 'someone.else@example.net',
      status: 'payment done',
      description: 'payment',
      price: '0.01',
      eventid: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      transactionID: transactionId,
      status: 'payment done',
      email: stored.email,
      price: '30.00',
      eventid: eventId,
      nonmemberid: stored.nonMemberId,
      description: 'payment',
      dependent: 2,
    });
    expect(first.json().ticketCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const recordedAt = (await paymentRow(t, transactionId)).recordedAt;
    expect(recordedAt?.toISOString()).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const again = await post('/api/nonmember/paymentnonmember', { transactionID: transactionId });
    expect(again.json().recorded_at).toBe(recordedAt?.toISOString());
    expect((await paymentRow(t, transactionId)).amountCents).toBe(3000);
  });

  it('GET /api/nonmember/paymentnonmember/:id answers a list whose first item has created_at', async () => {
    const transactionId = await buyNonMemberTickets(t, eventId, 1);
    const response = await t.app.inject({
      url: `/api/nonmember/paymentnonmember/${transactionId}`,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(1);
    expect(list[0].created_at).toBe((await paymentRow(t, transactionId)).createdAt.toISOString());
  });

  it('records a table with its notes and a member ticket for its member', async () => {
    const table = await startCheckout(t, {
      kind: 'table-for-10',
      eventid: eventId,
      buyer: { fname: 'Ravi', lname: 'Shah', email: 'ravi@example.net', contact: '7135550100' },
      member_adult: 8,
      member_kids5: 2,
      member_kids613: 0,
    });
    await payMock(t, table);
    const tableAnswer = await post('/api/nonmember/trasactiontable', { transactionID: table });
    expect(tableAnswer.json()).toMatchObject({
      dependent: 10,
      contact: '7135550100',
      memberName: 'Ravi Shah',
      notes:
        'Adult 8 ticket(s), Kids (Under 5 years): 2 ticket(s), Kids (6 to 13 years): 0 ticket(s)',
    });

    const ticket = await startCheckout(
      t,
      { kind: 'member-ticket', eventid: eventId, memberid: memberId, ticket: 2 },
      member,
    );
    await payMock(t, ticket);
    const answer = await post('/api/nonmember/memberticket', { transactionID: ticket }, member);
    expect(answer.json()).toMatchObject({
      memberid: memberId,
      dependent: 2,
      description: String(eventId),
      productName: 'Gala Event Members Ticket',
      paymentType: 'Event',
      price: '20.00',
    });
  });
});
