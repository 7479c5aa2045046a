import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan } from '../../../domain/contracts/plans';
import { auditLogs, nonMemberBuyers, payments } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  openMembershipApp,
  registrationBody,
  startCheckout,
} from '../membership-kinds/checkout-test-kit';
import { expireLapsedCheckouts } from './expiry-sweeper';
import {
  createEvent,
  newBuyer,
  nonMemberCheckout,
  paymentEventsOf,
  payMock,
  startCheckout as startTicketCheckout,
} from './payments-test-kit';

let t: TTestApp;
let gm: TPlan;

beforeAll(async () => {
  ({ t, gm } = await openMembershipApp());
});
afterAll(() => t?.close());

const rowOf = async (transactionId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId)))[0];

describe('the checkout expiry sweep', () => {
  it('leaves a checkout alone for its 30 minutes', async () => {
    const { transactionID } = (
      await startCheckout(t, registrationBody(gm.id, 'fresh.sweep@example.org'))
    ).json();
    t.clock.advance(29 * 60_000);
    expect(await expireLapsedCheckouts(t.database.db, t.clock)).not.toContain(transactionID);
    expect((await rowOf(transactionID)).status).toBe('pending');
  });

  it('expires a lapsed checkout, drops an abandoned registration password hash and family, and logs it', async () => {
    const { transactionID } = (
      await startCheckout(t, registrationBody(gm.id, 'gone.sweep@example.org'))
    ).json();
    const before = (await rowOf(transactionID)).details as { member: Record<string, unknown> };
    expect(before.member.passwordHash).toEqual(expect.any(String));

    t.clock.advance(31 * 60_000);
    expect(await expireLapsedCheckouts(t.database.db, t.clock)).toContain(transactionID);

    const after = await rowOf(transactionID);
    expect(after.status).toBe('expired');
    expect(after.details).toEqual({ planId: gm.id });
    expect(after).toMatchObject({ email: '', memberName: null, contact: null, clientKey: null });
    expect(JSON.stringify(after)).not.toContain('Desai');
    const logged = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        eq(auditLogs.loggerMessage, `Payment ${transactionID} expired before it was confirmed`),
      );
    expect(logged).toHaveLength(1);
    expect(await paymentEventsOf(t, after.id)).toEqual([['expired', 'pending', 'expired', '']]);
  });

  it("clears an unpaid non-member buyer's name, e-mail and phone once the hold lapses, keeping the payment", async () => {
    const event = await createEvent(t);
    const buyer = {
      fname: 'Sweepa',
      lname: 'Gone',
      email: 'sweepa@example.net',
      contact: '7135550142',
    };
    const expiring = await startTicketCheckout(t, nonMemberCheckout(event.id, 2, { buyer }));
    const cancelled = await startTicketCheckout(
      t,
      nonMemberCheckout(event.id, 1, { buyer: newBuyer() }),
    );
    await t.app.inject({ method: 'POST', url: `/api/payments/mock/${cancelled}/cancel` });
    const paid = await startTicketCheckout(
      t,
      nonMemberCheckout(event.id, 1, { buyer: newBuyer() }),
    );
    await payMock(t, paid);

    t.clock.advance(29 * 60_000);
    await expireLapsedCheckouts(t.database.db, t.clock);
    expect((await rowOf(expiring)).email).toBe('sweepa@example.net');

    t.clock.advance(2 * 60_000);
    await expireLapsedCheckouts(t.database.db, t.clock);
    for (const transactionId of [expiring, cancelled]) {
      const row = await rowOf(transactionId);
      expect(row).toMatchObject({ email: '', memberName: null, contact: null, clientKey: null });
      expect(row.details).not.toHaveProperty('buyer');
      expect(row.amountCents).toBeGreaterThan(0);
      const [stored] = await t.database.db
        .select()
        .from(nonMemberBuyers)
        .where(eq(nonMemberBuyers.id, row.nonMemberId ?? -1));
      expect(stored).toMatchObject({ firstName: '', lastName: '', email: '', contactPhone: '' });
    }
    expect((await rowOf(expiring)).status).toBe('expired');
    // A paid buyer's details are the association's record and stay
    expect((await rowOf(paid)).email).toMatch(/@example\.net$/);
  });

  it('keeps a Stripe checkout buyer e-mail for 3 days after it lapses, for a late payment refund', async () => {
    const event = await createEvent(t);
    const buyer = {
      fname: 'Late',
      lname: 'Payer',
      email: 'late.payer@example.net',
      contact: '7135550143',
    };
    const transactionId = await startTicketCheckout(t, nonMemberCheckout(event.id, 1, { buyer }));
    await t.database.db
      .update(payments)
      .set({ provider: 'stripe' })
      .where(eq(payments.transactionId, transactionId));
    t.clock.advance(31 * 60_000);
    await expireLapsedCheckouts(t.database.db, t.clock);
    expect((await rowOf(transactionId)).email).toBe('late.payer@example.net');
    t.clock.advance(3 * 24 * 60 * 60_000);
    await expireLapsedCheckouts(t.database.db, t.clock);
    expect((await rowOf(transactionId)).email).toBe('');
  });
});
