/** Refunds by staff: amounts decided by the server, who may refund, what a full refund releases. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES } from '../../../domain/contracts/refunds';
import { auditLogs, mailOutbox, members, payments, refunds } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { entryOf, joinConfirmed, soldOutEvent, waiter } from '../waitlist/waitlist-test-kit';
import {
  bearer,
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  insertPayment,
  memberHeaders,
  paymentEventsOf,
  paymentRow,
  staffHeaders,
  startCheckout,
  newBuyer,
  nonMemberCheckout,
  payMock,
  ticketsOf,
  tokenOf,
} from './payments-test-kit';
import { seatsTaken } from '../events/seats';
import { refundDedupeKey } from './refund.service';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

function refund(
  transactionId: string,
  body: { amount: string; reason?: string; requestKey?: string },
  headers: Record<string, string>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${transactionId}/refunds`,
    headers,
    payload: { reason: 'Asked by the buyer', requestKey: randomUUID(), ...body },
  });
}

async function refundRows(paymentId: number) {
  return t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
}

describe('POST /api/payments/:transactionID/refunds', () => {
  it('refunds a payment in full: a record, the event, the audit entry, the e-mail; the door code no longer checks in', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 2);
    const admin = await staffHeaders(t, 'admin');
    const response = await refund(transactionId, { amount: '30.00' }, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: REFUND_MESSAGES.refunded,
      refund: { amount: '30.00', reason: 'Asked by the buyer' },
      payment: { status: 'refunded', refunded: '30.00' },
    });
    const row = await paymentRow(t, transactionId);
    expect(row.refundedAt).not.toBeNull();
    const [record] = await refundRows(row.id);
    expect(record.providerRefundId).toMatch(/^mock_re_/);
    expect((await paymentEventsOf(t, row.id)).at(-1)).toEqual([
      'refunded',
      'payment done',
      'refunded',
      expect.stringContaining('Asked by the buyer'),
    ]);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, refundDedupeKey(record.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('$30.00');
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        eq(
          auditLogs.loggerMessage,
          `Payment ${transactionId} refunded $30.00 in full: Asked by the buyer`,
        ),
      );
    expect(audits).toHaveLength(1);

    const [ticket] = await ticketsOf(t, row.id);
    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/${event.id}`,
      headers: admin,
      payload: { code: ticket.code, requestId: randomUUID() },
    });
    expect(scan.statusCode).toBe(409);
  });

  it("writes the buyer's e-mail in the language they bought in", async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 1);
    await t.database.db
      .update(payments)
      .set({ language: 'fr' })
      .where(eq(payments.transactionId, transactionId));
    expect((await refund(transactionId, { amount: '5' }, await staffHeaders(t))).statusCode).toBe(
      200,
    );
    const [record] = await refundRows((await paymentRow(t, transactionId)).id);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, refundDedupeKey(record.id)));
    expect(mail.subject).toContain('remboursement');
    expect(mail.textBody).toContain('Une partie de votre paiement est remboursée.');
    expect(mail.textBody).toContain('Motif: Asked by the buyer');
  });

  it('adds two partial refunds up: partly refunded after the first, refunded when they reach the amount', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 2);
    const admin = await staffHeaders(t, 'super');
    const first = await refund(transactionId, { amount: '10.50' }, admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payment).toMatchObject({ status: 'payment done', refunded: '10.50' });
    const second = await refund(transactionId, { amount: '19.50' }, admin);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().payment).toMatchObject({ status: 'refunded', refunded: '30.00' });
    expect(await refundRows((await paymentRow(t, transactionId)).id)).toHaveLength(2);
  });

  it('refuses a refund above what is left, with the amount left, and changes nothing', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 2);
    const admin = await staffHeaders(t);
    expect((await refund(transactionId, { amount: '20' }, admin)).statusCode).toBe(200);
    const above = await refund(transactionId, { amount: '10.01' }, admin);
    expect(above.statusCode).toBe(409);
    expect(above.json().error.message).toBe(REFUND_MESSAGES.aboveLeft('$10.00'));
    const row = await paymentRow(t, transactionId);
    expect(row.status).toBe('payment done');
    expect(await refundRows(row.id)).toHaveLength(1);
  });

  it('answers the same request key with the refund it made: a double click refunds once', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 2);
    const admin = await staffHeaders(t);
    const requestKey = randomUUID();
    const [a, b] = await Promise.all([
      refund(transactionId, { amount: '5', requestKey }, admin),
      refund(transactionId, { amount: '5', requestKey }, admin),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund.id).toBe(b.json().refund.id);
    expect(await refundRows((await paymentRow(t, transactionId)).id)).toHaveLength(1);
  });

  it('keeps a membership as it is when its renewal is refunded in full', async () => {
    const [member] = await t.database.db.select().from(members).limit(1);
    const payment = await insertPayment(t, {
      kind: 'renewal',
      status: 'payment done',
      memberId: member.id,
      planId: member.planId,
      amountCents: 15450,
      confirmedAt: t.clock.now(),
    });
    const answer = await refund(payment.transactionId, { amount: '154.50' }, await staffHeaders(t));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().payment.status).toBe('refunded');
    const [after] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(after.validityTo).toBe(member.validityTo);
    expect(after.isActive).toBe(member.isActive);
  });

  it('refuses a request key already used for another payment', async () => {
    const event = await createEvent(t);
    const a = await buyNonMemberTickets(t, event.id, 1);
    const b = await buyNonMemberTickets(t, event.id, 1);
    const admin = await staffHeaders(t);
    const requestKey = randomUUID();
    expect((await refund(a, { amount: '1', requestKey }, admin)).statusCode).toBe(200);
    const reused = await refund(b, { amount: '1', requestKey }, admin);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(REFUND_MESSAGES.keyReused);
  });

  it('refuses temporary admins (403), members (403) and visitors (401)', async () => {
    const event = await createEvent(t);
    const transactionId = await buyNonMemberTickets(t, event.id, 1);
    expect(
      (await refund(transactionId, { amount: '1' }, await staffHeaders(t, 'temp'))).statusCode,
    ).toBe(403);
    expect((await refund(transactionId, { amount: '1' }, await memberHeaders(t))).statusCode).toBe(
      403,
    );
    expect((await refund(transactionId, { amount: '1' }, {})).statusCode).toBe(401);
    expect(await refundRows((await paymentRow(t, transactionId)).id)).toHaveLength(0);
  });

  it('refuses a payment that is not confirmed, and a bad amount', async () => {
    const event = await createEvent(t);
    const pending = await startCheckout(t, nonMemberCheckout(event.id, 1));
    const admin = await staffHeaders(t);
    const answer = await refund(pending, { amount: '1' }, admin);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(REFUND_MESSAGES.notRefundable);
    const zero = await refund(pending, { amount: '0' }, admin);
    expect(zero.statusCode).toBe(400);
    expect((await refund('txn_nothing_here', { amount: '1' }, admin)).statusCode).toBe(404);
  });

  it('frees the seats of a full ticket refund and offers them to the waiting list', async () => {
    const event = await soldOutEvent(t, 2);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    expect((await entryOf(t, event.id, email)).status).toBe('waiting');
    const transactionId = (
      await t.app.inject({
        method: 'GET',
        url: `/api/event/${event.id}/buyers`,
        headers: await staffHeaders(t),
      })
    ).json().buyers[0].transactionID as string;
    const full = await refund(transactionId, { amount: '30' }, await staffHeaders(t));
    expect(full.statusCode, full.body).toBe(200);
    expect((await entryOf(t, event.id, email)).status).toBe('offered');
  });

  it('gives the seats of a refunded table for 10 back to the event', async () => {
    const event = await createEvent(t, { tablePriceCents: 12000, capacity: 10 });
    const transactionId = await startCheckout(t, {
      kind: 'table-for-10',
      eventid: event.id,
      buyer: newBuyer(),
      member_adult: 10,
      member_kids5: 0,
      member_kids613: 0,
    });
    expect((await payMock(t, transactionId)).statusCode).toBe(200);
    expect(await seatsTaken(t.database.db, event.id, t.clock.now())).toBe(10);
    const answer = await refund(transactionId, { amount: '120' }, await staffHeaders(t));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await seatsTaken(t.database.db, event.id, t.clock.now())).toBe(0);
  });

  it("lowers the membership's paid dependents when a dependents purchase is refunded in full", async () => {
    const [member] = await t.database.db.select().from(members).limit(1);
    await t.database.db.update(members).set({ dependentsPaid: 3 }).where(eq(members.id, member.id));
    const payment = await insertPayment(t, {
      kind: 'dependents',
      status: 'payment done',
      memberId: member.id,
      dependent: 2,
      amountCents: 4000,
      confirmedAt: t.clock.now(),
      details: { dependents: [{ name: 'Ravi' }, { name: 'Mina' }] },
    });
    const answer = await refund(payment.transactionId, { amount: '40' }, await staffHeaders(t));
    expect(answer.statusCode, answer.body).toBe(200);
    const [after] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(after.dependentsPaid).toBe(1);
  });
});

describe('POST /api/event/:id/refundbuyers', () => {
  it('refunds every buyer of a cancelled event once, however often it runs; refuses a live event and non-admins', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const a = await buyNonMemberTickets(t, event.id, 1);
    const b = await buyNonMemberTickets(t, event.id, 2);
    const admin = await staffHeaders(t);
    // One buyer already had part of it back
    expect((await refund(b, { amount: '5' }, admin)).statusCode).toBe(200);
    const url = `/api/event/${event.id}/refundbuyers`;
    const early = await t.app.inject({ method: 'POST', url, headers: admin });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(REFUND_MESSAGES.eventNotCancelled);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/event/${event.id}/cancel`,
      headers: admin,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const temp = bearer(await tokenOf(t, 'temp'));
    expect((await t.app.inject({ method: 'POST', url, headers: temp })).statusCode).toBe(403);

    const run = await t.app.inject({ method: 'POST', url, headers: admin });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ refunded: 2, alreadyRefunded: 0, failed: [] });
    expect((await paymentRow(t, a)).status).toBe('refunded');
    const rowB = await paymentRow(t, b);
    expect(rowB.status).toBe('refunded');
    expect((await refundRows(rowB.id)).map((r) => r.amountCents).sort()).toEqual([2500, 500]);

    const again = await t.app.inject({ method: 'POST', url, headers: admin });
    expect(again.json()).toEqual({ refunded: 0, alreadyRefunded: 2, failed: [] });
    expect(await refundRows(rowB.id)).toHaveLength(2);
  });
});
