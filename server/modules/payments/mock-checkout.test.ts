import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, like } from 'drizzle-orm';
import { auditLogs, events, payments, refunds } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  BUYER,
  CARDS,
  createEvent,
  createSeededApp,
  nonMemberCheckout,
  paymentEventsOf,
  paymentRow,
  payMock,
  receiptsOf,
  staffHeaders,
  startCheckout,
  ticketsOf,
} from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

describe('the mock checkout page', () => {
  it('shows what is bought, the amount, the event and the way back', async () => {
    const event = await createEvent(t, { name: 'Garba Night' });
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 3, { buyer: BUYER }));
    const response = await t.app.inject({ url: `/api/payments/mock/${transactionId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      transactionID: transactionId,
      status: 'pending',
      amount: '45.00',
      eventName: 'Garba Night',
      email: BUYER.email,
      cancelUrl: `#/viewevent/${event.id}`,
      successUrl: null,
    });
    expect(response.json().summary).toContain('3 x Gala Event Non Member Tickets: Garba Night');
  });

  it('answers 404 for an unknown transaction', async () => {
    expect(
      (await t.app.inject({ url: '/api/payments/mock/txn_aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode,
    ).toBe(404);
    expect((await payMock(t, 'txn_aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
  });

  it('pays no payment started with another provider, with any card, and leaves it pending', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1, { buyer: BUYER }));
    await t.database.db
      .update(payments)
      .set({ provider: 'stripe' })
      .where(eq(payments.transactionId, transactionId));
    for (const card of [CARDS.pays, CARDS.declines]) {
      const response = await payMock(t, transactionId, card);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('The requested checkout is not found');
    }
    const row = await paymentRow(t, transactionId);
    expect(row).toMatchObject({ status: 'pending', failedAttempts: 0 });
    expect(await ticketsOf(t, row.id)).toHaveLength(0);
  });
});

describe('POST /api/payments/mock/:transactionID/confirm', () => {
  it('pays with 4242, issues one ticket, enqueues one receipt and answers the success screen', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 2, { buyer: BUYER }));
    const response = await payMock(t, transactionId);
    expect(response.statusCode).toBe(200);
    const row = await paymentRow(t, transactionId);
    expect(response.json()).toEqual({
      status: 'payment done',
      successUrl: `#/success/nonmember?email=asha.patel%40example.net&transaction_id=${transactionId}&eventid=${event.id}&nonmemberid=${row.nonMemberId}&eventDate=${event.eventDate}`,
    });
    expect(row.status).toBe('payment done');
    expect(row.confirmedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.fulfilledAt).not.toBeNull();
    const issued = await ticketsOf(t, row.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      eventId: event.id,
      seats: 2,
      kind: 'nonmember-ticket',
      nonMemberId: row.nonMemberId,
    });
    expect(issued[0].code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await receiptsOf(t, transactionId)).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit.loggerMessage).toBe(
      `Payment ${transactionId} confirmed: Gala Event Non Member Tickets, $30.00`,
    );
  });

  it('confirms once however often it is clicked: one ticket, one receipt', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 2));
    const answers = await Promise.all([
      payMock(t, transactionId),
      payMock(t, transactionId),
      payMock(t, transactionId),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await payMock(t, transactionId)).json().status).toBe('payment done');
    const row = await paymentRow(t, transactionId);
    expect(await ticketsOf(t, row.id)).toHaveLength(1);
    expect(await receiptsOf(t, transactionId)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 with 402 and keeps the checkout open for a retry with 4242', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1));
    const declined = await payMock(t, transactionId, CARDS.declines);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({
      code: 'PAYMENT_REQUIRED',
      message: 'Your card was declined.',
    });
    expect((await paymentRow(t, transactionId)).status).toBe('pending');
    expect(await receiptsOf(t, transactionId)).toHaveLength(0);
    expect((await payMock(t, transactionId)).statusCode).toBe(200);
    expect((await paymentRow(t, transactionId)).status).toBe('payment done');
  });

  it('records every declined attempt on the payment, as a state change and in the audit log, and shows staff the count', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1));
    expect((await payMock(t, transactionId, CARDS.declines)).statusCode).toBe(402);
    t.clock.advance(60_000);
    expect((await payMock(t, transactionId, CARDS.declines)).statusCode).toBe(402);
    const declined = await paymentRow(t, transactionId);
    expect(declined.status).toBe('pending');
    expect(declined.failedAttempts).toBe(2);
    expect(declined.lastFailedAt?.getTime()).toBe(t.clock.now().getTime());
    // Still pending, so the record call keeps saying "not confirmed" without a reason: the buyer may retry
    expect(declined.failureReason).toBeNull();

    expect((await payMock(t, transactionId)).statusCode).toBe(200);
    expect(await paymentEventsOf(t, declined.id)).toEqual([
      ['declined', 'pending', 'pending', 'Your card was declined.'],
      ['declined', 'pending', 'pending', 'Your card was declined.'],
      ['confirmed', 'pending', 'payment done', ''],
    ]);
    const audit = await t.database.db
      .select({ message: auditLogs.loggerMessage })
      .from(auditLogs)
      .where(like(auditLogs.loggerMessage, `Payment ${transactionId}: card declined%`))
      .orderBy(asc(auditLogs.id));
    expect(audit.map((entry) => entry.message)).toEqual([
      `Payment ${transactionId}: card declined (attempt 1), still pending`,
      `Payment ${transactionId}: card declined (attempt 2), still pending`,
    ]);

    const all = await t.app.inject({
      url: '/api/nonmember/paymentallmem',
      headers: await staffHeaders(t),
    });
    const item = all
      .json()
      .find((p: { transactionID: string }) => p.transactionID === transactionId);
    expect(item).toMatchObject({ status: 'payment done', failedAttempts: 2, refunded: '0.00' });
    expect(item.last_failed_at).toBe(t.clock.now().toISOString());
  });

  it('counts no decline on a checkout that is not pending any more', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1));
    expect((await payMock(t, transactionId)).statusCode).toBe(200);
    await payMock(t, transactionId, CARDS.declines);
    expect((await paymentRow(t, transactionId)).failedAttempts).toBe(0);
  });

  it('refuses any other card number, a past expiry and a bad cvc as invalid', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1));
    const other = await payMock(t, transactionId, {
      ...CARDS.pays,
      cardNumber: '5555 5555 5555 4444',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.cardNumber).toMatch(/4242 4242 4242 4242/);
    expect(
      (await payMock(t, transactionId, { ...CARDS.pays, expiry: '01/20' })).json().error.fields
        .expiry,
    ).toBe('This card has expired.');
    expect((await payMock(t, transactionId, { ...CARDS.pays, cvc: '1' })).statusCode).toBe(400);
    expect((await paymentRow(t, transactionId)).status).toBe('pending');
  });

  it('refuses an expired checkout with 409, marks it expired and frees its seats', async () => {
    const event = await createEvent(t, { capacity: 3 });
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 3, { buyer: BUYER }));
    t.clock.advance(30 * 60_000 + 1000);
    const view = await t.app.inject({ url: `/api/payments/mock/${transactionId}` });
    expect(view.json().status).toBe('expired');
    const response = await payMock(t, transactionId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This checkout has expired and holds no seats any more. Please start again.',
    );
    expect((await paymentRow(t, transactionId)).status).toBe('expired');
    expect((await payMock(t, transactionId)).statusCode).toBe(409);
    expect(await receiptsOf(t, transactionId)).toHaveLength(0);
    expect((await t.app.inject({ url: `/api/event/${event.id}` })).json().seatsLeft).toBe(3);
  });

  it('fails a purchase the seats no longer fit, charging nothing, and tells the buyer', async () => {
    const event = await createEvent(t, { capacity: 4 });
    const first = await startCheckout(t, nonMemberCheckout(event.id, 3));
    // Staff lowered the capacity after the checkout began
    const second = await startCheckout(t, nonMemberCheckout(event.id, 1));
    await t.database.db.update(events).set({ capacity: 2 }).where(eq(events.id, event.id));
    expect((await payMock(t, second)).statusCode).toBe(200);
    const refused = await payMock(t, first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only 1 seat is left. Your card was not charged.');
    const row = await paymentRow(t, first);
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: 'Only 1 seat is left. Your card was not charged.',
    });
    expect(await ticketsOf(t, row.id)).toHaveLength(0);
    expect(await receiptsOf(t, first)).toHaveLength(0);
    // Nothing was charged, so nothing is refunded: a failure, not a refund
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.paymentId, row.id)),
    ).toHaveLength(0);
    expect(await paymentEventsOf(t, row.id)).toEqual([
      ['failed', 'pending', 'failed', 'Only 1 seat is left.'],
    ]);
  });
});

describe('POST /api/payments/mock/:transactionID/cancel', () => {
  it('cancels an open checkout, which then cannot be paid', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mock/${transactionId}/cancel`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'cancelled', cancelUrl: `#/viewevent/${event.id}` });
    const paid = await payMock(t, transactionId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toBe('This checkout was cancelled. Please start again.');
    const row = await paymentRow(t, transactionId);
    expect(await paymentEventsOf(t, row.id)).toEqual([['cancelled', 'pending', 'cancelled', '']]);
  });

  it('does not cancel a completed payment', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 1));
    await payMock(t, transactionId);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mock/${transactionId}/cancel`,
    });
    expect(response.statusCode).toBe(409);
    expect((await paymentRow(t, transactionId)).status).toBe('payment done');
  });
});
