/**
 * Checkout kind `registration` end to end: POST /api/checkout, the mock provider's confirm, and
 * the member the confirmed payment created (DESIGN §3b, §3d, §4).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../../domain/constants';
import { formatReceiptDateTime } from '../../../domain/dates';
import type { TRegistrationCheckout } from '../../../domain/contracts/members';
import {
  CHECKOUT_STARTS_LIMIT_MESSAGE,
  UNPAID_HOLDS_LIMIT_MESSAGE,
} from '../../../domain/contracts/payments';
import type { TPlan } from '../../../domain/contracts/plans';
import { members, payments } from '../../db/schema';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import { outboxTo } from '../auth/auth-test-kit';
import {
  familyRecord,
  isEmailAvailable,
  openMembershipApp,
  payCheckout,
  registrationBody,
  startCheckout,
  successScreen,
} from './checkout-test-kit';

let t: TTestApp;
let admin: string;
let member: string;
let gm: TPlan;
let im: TPlan;

beforeAll(async () => {
  ({ t, admin, member, gm, im } = await openMembershipApp());
});
afterAll(() => t?.close());

const checkout = (body: object, token: string | null = null) => startCheckout(t, body, token);
const pay = (transactionID: string) => payCheckout(t, transactionID);
const family = (memberId: number) => familyRecord(t, admin, memberId);
const isAvailable = (email: string) => isEmailAvailable(t, email);
const registration = (email: string, overrides: Partial<TRegistrationCheckout> = {}) =>
  registrationBody(gm.id, email, overrides);

describe('checkout kind registration', () => {
  it('registers a family with a spouse and two dependents: active member, FamilyPlanId, receipt', async () => {
    const started = await checkout(registration('meera.desai@example.org'));
    expect(started.statusCode).toBe(200);
    // 75.00 + 2 x 10.00 = 95.00, + 3% = 2.85
    expect(started.json()).toMatchObject({
      amount: '97.85',
      checkoutUrl: expect.stringContaining(started.json().transactionID),
    });
    const { transactionID } = started.json();
    expect(await isAvailable('Meera.Desai@example.org')).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(members)
        .where(eq(members.email, 'meera.desai@example.org')),
    ).toEqual([]);

    const paid = await pay(transactionID);
    expect(paid.status).toBe('payment done');
    const success = successScreen(paid.successUrl);
    expect(success.path).toBe('/success/registration');
    expect(success.params).toEqual({
      email: 'meera.desai@example.org',
      membershipplan: 'Family Membership',
      dependent: '2',
      transaction_id: transactionID,
      amount: '97.85',
    });

    const [created] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'meera.desai@example.org'));
    expect(created).toMatchObject({
      isActive: true,
      planId: gm.id,
      contactPhone: '7135550111',
      validityFrom: gm.validityFrom,
      validityTo: gm.validityTo,
      dependentsPaid: 2,
    });
    expect(created.familyPlanId).toMatch(/^GM00\d\d$/);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, transactionID));
    expect(payment).toMatchObject({
      memberId: created.id,
      description: 'initial payment',
      paymentType: 'Member',
      productName: 'Family Membership',
      dependent: 2,
      amountCents: 9785,
    });
    expect(JSON.stringify(payment.details)).not.toMatch(/argon2|passwordHash/);
    expect(await family(created.id)).toMatchObject({
      FamilyPlanId: created.familyPlanId,
      spouseFirstName: 'Vikram',
      dependname1: 'Isha Desai',
      dependname2: 'Rohan Desai',
      dependname3: null,
      is_active: true,
    });
    const mail = await outboxTo(t, 'meera.desai@example.org');
    expect(mail).toHaveLength(1);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/memlogin',
      payload: { email: 'meera.desai@example.org', password: 'joining-2026' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('numbers each prefix on: the next registration gets the next FamilyPlanId', async () => {
    const first = (
      await t.database.db.select().from(members).where(eq(members.email, 'meera.desai@example.org'))
    )[0];
    const started = await checkout(
      registration('second.family@example.org', { spouse: null, dependents: [] }),
    );
    expect(started.json().amount).toBe('77.25');
    await pay(started.json().transactionID);
    const [second] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'second.family@example.org'));
    expect(Number(second.familyPlanId?.slice(2))).toBe(Number(first.familyPlanId?.slice(2)) + 1);
  });

  it('leaves no member when abandoned, says a payment is in progress until it lapses, then frees the e-mail', async () => {
    const started = await checkout(registration('abandoned@example.org'));
    expect(started.statusCode).toBe(200);
    expect(await isAvailable('abandoned@example.org')).toBe(false);
    const [held] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, started.json().transactionID));
    const lapses = formatReceiptDateTime(held.expiresAt as Date, t.config.timeZone);
    const again = await checkout(registration('ABANDONED@example.org'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: `A payment for this e-mail address is in progress. If it is not completed, the address is free again after ${lapses}.`,
      fields: { email: 'A payment for this e-mail address is in progress.' },
    });
    expect(
      (await t.app.inject({ url: '/api/membercheckemail/abandoned@example.org' })).json(),
    ).toEqual({ available: false, paymentInProgressUntil: held.expiresAt?.toISOString() });
    t.clock.advance(31 * 60_000);
    expect(await isAvailable('abandoned@example.org')).toBe(true);
    expect(
      await t.database.db.select().from(members).where(eq(members.email, 'abandoned@example.org')),
    ).toEqual([]);
    expect((await checkout(registration('abandoned@example.org'))).statusCode).toBe(200);
  });

  it('counts registrations against the limits of the address they come from (each hashes a password)', async () => {
    const client = nextClientAddress();
    const join = (i: number) =>
      startCheckout(t, registration(`from.one.address${i}@example.org`), null, client);
    for (let i = 0; i < ANONYMOUS_LIMITS.unpaidHolds.checkoutsPerClient; i++)
      expect((await join(i)).statusCode).toBe(200);
    const held = await join(99);
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toBe(UNPAID_HOLDS_LIMIT_MESSAGE);

    // A new window, the holds lapsed: starts are counted even when cancelled at once
    t.clock.advance(31 * 60_000);
    for (let i = 100; i < 100 + ANONYMOUS_LIMITS.checkoutStarts.perClient; i++) {
      const started = await join(i);
      expect(started.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/mock/${started.json().transactionID}/cancel`,
      });
    }
    const refused = await join(200);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(CHECKOUT_STARTS_LIMIT_MESSAGE);
  });

  it('refuses a taken e-mail (409), a spouse or dependents the plan lacks, and signed-in callers', async () => {
    const taken = await checkout(registration('MEMBER@example.org'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({
      email: 'This e-mail address is already registered.',
    });
    const spouse = await checkout(
      registration('solo@example.org', { planId: im.id, dependents: [] }),
    );
    expect(spouse.statusCode).toBe(400);
    expect(spouse.json().error.message).toBe('This membership plan does not include a spouse.');
    const two = await checkout(registration('solo@example.org', { planId: im.id, spouse: null }));
    expect(two.json().error.message).toBe('A maximum of 1 dependents is allowed.');
    const seven = Array.from({ length: 7 }, (_, i) => ({
      name: `Child ${i}`,
      dateOfBirth: '2015-01-01',
    }));
    expect(
      (await checkout(registration('big@example.org', { dependents: seven }))).statusCode,
    ).toBe(400);
    const badZip = await checkout(
      registration('zip@example.org', {
        member: { ...registration('zip@example.org').member, state: 'IL' },
      }),
    );
    expect(badZip.statusCode).toBe(400);
    expect((await checkout(registration('joining@example.org'), member)).statusCode).toBe(403);
  });
});
