/**
 * A ticket refused at confirmation is told the seats left as they are once its statement holds the
 * event's lock, not as they were when the statement began and waited for it (`seatsFitOrRefuse`,
 * ./seats.ts). A real PostgreSQL: only there does another transaction hold the lock meanwhile.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPoolOf } from '../../db/client';
import { events, payments } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { markPaid, SeatsRefused } from '../payments/payment-store';
import { createEvent, createSeededPostgresApp, insertPayment } from '../payments/payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededPostgresApp();
});
afterAll(async () => {
  await t.close();
});

describe("a ticket refused under its event's lock", () => {
  it('is told the seats left after the sale it waited for, not before', async () => {
    const event = await createEvent(t, { capacity: 2 });
    const payment = await insertPayment(t, {
      kind: 'nonmember-ticket',
      eventId: event.id,
      dependent: 2,
    });
    // Another buyer's confirmation holds the event's lock and sells one seat meanwhile
    const pool = postgresPoolOf(t.database);
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query('update events set seats_sold = seats_sold + 1 where id = $1', [event.id]);
      const refused = t.database.db
        .transaction((tx) => markPaid(tx, payment, t.clock.now(), { endsTransaction: true }))
        .then(
          () => 'paid',
          (error: unknown) => error,
        );
      // The confirmation waits for the lock; then the sale commits
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('commit');
      const outcome = await refused;
      expect(outcome).toBeInstanceOf(SeatsRefused);
      expect((outcome as SeatsRefused).misfit).toBe('Only 1 seat is left.');
    } finally {
      other.release();
    }
    const [row] = await t.database.db
      .select({ sold: events.seatsSold })
      .from(events)
      .where(eq(events.id, event.id));
    expect(row.sold).toBe(1);
    const [left] = await t.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(left.status).toBe('pending');
  });
});
