/**
 * Refunds at once on a real PostgreSQL (PGlite has one connection, so nothing there runs at
 * once): many partial refunds of one payment sent together never add up past the payment.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  buyNonMemberTickets,
  createEvent,
  createSeededPostgresApp,
  paymentRow,
  staffHeaders,
} from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededPostgresApp();
});
afterAll(async () => {
  await t.close();
});

describe('refunds at once', () => {
  it('never refunds more than the payment when many partial refunds arrive together', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 2);
    const admin = await staffHeaders(t);
    // Eight refunds of $7 on a $30 payment: four fit ($28), the others find too little left
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/payments/${transactionId}/refunds`,
          headers: admin,
          payload: { amount: '7', reason: 'Overcharged', requestKey: randomUUID() },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 409, 409, 409, 409]);
    const row = await paymentRow(t, transactionId);
    const made = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, row.id));
    expect(made.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(2800);
    expect(row.status).toBe('payment done');
  });

  it('refunds a payment in full once when two full refunds race', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const transactionId = await buyNonMemberTickets(t, event.id, 1);
    const admin = await staffHeaders(t);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/payments/${transactionId}/refunds`,
          headers: admin,
          payload: { amount: '15', reason: 'Cannot come', requestKey: randomUUID() },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const row = await paymentRow(t, transactionId);
    expect(row.status).toBe('refunded');
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.paymentId, row.id)),
    ).toHaveLength(1);
  });
});
