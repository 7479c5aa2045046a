import Stripe from 'stripe';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, events, mailOutbox, payments, refunds } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { startFakeStripe, type TFakeSession, type TFakeStripe } from './fake-stripe-server';
import {
  bearer,
  CARDS,
  checkout,
  createEvent,
  createSeededApp,
  nonMemberCheckout,
  paymentEventsOf,
  paymentRow,
  payMock,
  receiptsOf,
  ticketsOf,
  tokenOf,
} from './payments-test-kit';
import { expireLapsedCheckouts } from './expiry-sweeper';
import { refundDedupeKey } from './refund.service';

const WEBHOOK_SECRET = 'whsec_test_samaj';
let stripe: TFakeStripe;
let t: TTestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createSeededApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_samaj',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: 'https://samaj.example.org',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let eventCounter = 0;
function webhook(
  type: string,
  session: TFakeSession,
  options: { secret?: string; signature?: string } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${++eventCounter}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** The refund records of a payment and the e-mails sent about them. */
async function refundsOf(paymentId: number) {
  const rows = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const mails = [];
  for (const row of rows)
    mails.push(
      ...(await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, refundDedupeKey(row.id)))),
    );
  return { rows, mails };
}

function recordNonMember(transactionID: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/nonmember/paymentnonmember',
    payload: { transactionID },
  });
}

async function stripeCheckout(eventId: number, tickets = 2) {
  const response = await checkout(t, nonMemberCheckout(eventId, tickets));
  expect(response.statusCode).toBe(200);
  const { transactionID } = response.json();
  const row = await paymentRow(t, transactionID);
  const session = stripe.sessions.get(row.providerReference ?? '');
  if (!session) throw new Error('no session was created at Stripe');
  return { transactionID, session, answer: response.json() };
}

describe('checkout with Stripe', () => {
  it('creates a Checkout Session with the transaction id as idempotency key and metadata, and our screens as return URLs', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const { transactionID, session, answer } = await stripeCheckout(event.id, 3);
    expect(answer.checkoutUrl).toBe(session.url);
    expect(answer.amount).toBe('45.00');
    expect(stripe.creations).toContain(transactionID);
    expect(session.metadata.transactionID).toBe(transactionID);
    expect(session.amount_total).toBe(4500);
    expect(session.success_url).toMatch(
      /^https:\/\/samaj\.example\.org\/#\/success\/nonmember\?email=/,
    );
    expect(session.success_url).toContain(`transaction_id=${transactionID}`);
    expect(session.cancel_url).toBe(`https://samaj.example.org/#/viewevent/${event.id}`);
    expect((await paymentRow(t, transactionID)).provider).toBe('stripe');
  });

  it('does not serve the mock checkout, so no test card can pay a Stripe payment', async () => {
    const event = await createEvent(t);
    const { transactionID } = await stripeCheckout(event.id, 1);
    expect((await payMock(t, transactionID, CARDS.pays)).statusCode).toBe(404);
    expect((await paymentRow(t, transactionID)).status).toBe('pending');
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('refuses a bad or missing signature with 400 and confirms nothing', async () => {
    const event = await createEvent(t);
    const { transactionID, session } = await stripeCheckout(event.id);
    stripe.pay(session.id);
    const wrongSecret = await webhook('checkout.session.completed', session, {
      secret: 'whsec_someone_else',
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error.message).toBe('The webhook signature is not valid.');
    expect(
      (await webhook('checkout.session.completed', session, { signature: '' })).statusCode,
    ).toBe(400);
    expect((await paymentRow(t, transactionID)).status).toBe('pending');
  });

  it('confirms a paid session once, however often the event is delivered', async () => {
    const event = await createEvent(t);
    const { transactionID, session } = await stripeCheckout(event.id);
    const paid = stripe.pay(session.id);
    const first = await webhook('checkout.session.completed', paid);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const row = await paymentRow(t, transactionID);
    expect(row.status).toBe('payment done');
    for (let i = 0; i < 3; i++)
      expect((await webhook('checkout.session.completed', paid)).statusCode).toBe(200);
    expect(await ticketsOf(t, row.id)).toHaveLength(1);
    expect(await receiptsOf(t, transactionID)).toHaveLength(1);
    expect((await paymentRow(t, transactionID)).confirmedAt?.getTime()).toBe(
      row.confirmedAt?.getTime(),
    );
  });

  it('re-reads the session: an event claiming "paid" for a session Stripe reports unpaid confirms nothing', async () => {
    const event = await createEvent(t);
    const { transactionID, session } = await stripeCheckout(event.id);
    const claimed = { ...session, payment_status: 'paid' as const, status: 'complete' as const };
    expect((await webhook('checkout.session.completed', claimed)).statusCode).toBe(200);
    expect((await paymentRow(t, transactionID)).status).toBe('pending');
  });

  it('does not confirm a session paid for another amount than we priced', async () => {
    const event = await createEvent(t);
    const { transactionID, session } = await stripeCheckout(event.id);
    const paid = stripe.pay(session.id);
    paid.amount_total = 1;
    await webhook('checkout.session.completed', paid);
    expect((await paymentRow(t, transactionID)).status).toBe('pending');
  });

  it('ignores a session that is not one of ours', async () => {
    const event = await createEvent(t);
    const { session } = await stripeCheckout(event.id);
    const foreign = {
      ...session,
      id: 'cs_test_elsewhere',
      metadata: { transactionID: 'txn_unknownunknownunknownu' },
    };
    expect((await webhook('checkout.session.completed', foreign)).statusCode).toBe(200);
  });

  it('refunds a paid purchase the seats no longer fit, and tells the buyer', async () => {
    const event = await createEvent(t, { capacity: 4 });
    const late = await stripeCheckout(event.id, 3);
    const early = await stripeCheckout(event.id, 1);
    await t.database.db.update(events).set({ capacity: 2 }).where(eq(events.id, event.id));
    await webhook('checkout.session.completed', stripe.pay(early.session.id));
    expect((await paymentRow(t, early.transactionID)).status).toBe('payment done');
    await webhook('checkout.session.completed', stripe.pay(late.session.id));
    const row = await paymentRow(t, late.transactionID);
    expect(row.status).toBe('refunded');
    expect(row.failureReason).toBe('Only 1 seat is left. Your payment is refunded.');
    expect(row.refundedAt).not.toBeNull();
    expect(
      stripe.refunds.filter((refund) => refund.payment_intent === `pi_for_${late.session.id}`),
    ).toHaveLength(1);
    expect(await ticketsOf(t, row.id)).toHaveLength(0);
    expect(await receiptsOf(t, late.transactionID)).toHaveLength(0);
    expect((await refundsOf(row.id)).mails).toHaveLength(1);
    // A retried delivery refunds nothing twice
    await webhook(
      'checkout.session.completed',
      stripe.sessions.get(late.session.id) as TFakeSession,
    );
    expect(
      stripe.refunds.filter((refund) => refund.payment_intent === `pi_for_${late.session.id}`),
    ).toHaveLength(1);
    expect((await refundsOf(row.id)).rows).toHaveLength(1);
    expect((await refundsOf(row.id)).mails).toHaveLength(1);
    const screen = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paymentnonmember',
      payload: { transactionID: late.transactionID },
    });
    expect(screen.statusCode).toBe(402);
    expect(screen.json().error.message).toBe(
      'This payment is not confirmed. Only 1 seat is left. Your payment is refunded.',
    );
  });

  for (const swept of [true, false]) {
    it(`refunds a payment Stripe took after the checkout expired and its seats were sold${swept ? ' (lapse already swept)' : ''}, tells the buyer and mails them once`, async () => {
      const event = await createEvent(t, { capacity: 2 });
      const late = await stripeCheckout(event.id, 2);
      t.clock.advance(30 * 60_000 + 1000);
      if (swept) await expireLapsedCheckouts(t.database.db, t.clock);
      const other = await stripeCheckout(event.id, 2);
      await webhook('checkout.session.completed', stripe.pay(other.session.id));
      expect((await paymentRow(t, other.transactionID)).status).toBe('payment done');

      // The buyer finished paying at Stripe (its session outlives our hold) and lands first
      stripe.pay(late.session.id);
      const screen = await recordNonMember(late.transactionID);
      expect(screen.statusCode).toBe(402);
      expect(screen.json().error.message).toBe(
        'This payment is not confirmed. This checkout has expired and holds no seats any more. Please start again. Your payment is refunded.',
      );
      await webhook(
        'checkout.session.completed',
        stripe.sessions.get(late.session.id) as TFakeSession,
      );
      expect((await recordNonMember(late.transactionID)).json().error.message).toBe(
        screen.json().error.message,
      );

      const row = await paymentRow(t, late.transactionID);
      expect(row.status).toBe('refunded');
      expect(row.refundedAt).not.toBeNull();
      const atStripe = stripe.refunds.filter(
        (refund) => refund.payment_intent === `pi_for_${late.session.id}`,
      );
      expect(atStripe).toHaveLength(1);
      expect(atStripe[0].amount).toBe(3000);
      const { rows, mails } = await refundsOf(row.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amountCents: 3000, providerRefundId: atStripe[0].id });
      expect(mails).toHaveLength(1);
      expect(mails[0].toAddress).toBe(row.email);
      expect(mails[0].textBody).toContain('Your payment is refunded.');
      expect(mails[0].textBody).toContain('Amount refunded: $30.00');
      expect(await receiptsOf(t, late.transactionID)).toHaveLength(0);
      const audit = await t.database.db
        .select({ message: auditLogs.loggerMessage })
        .from(auditLogs)
        .where(like(auditLogs.loggerMessage, `Payment ${late.transactionID} refunded%`));
      expect(audit.map((entry) => entry.message)).toEqual([
        `Payment ${late.transactionID} refunded $30.00 in full: This checkout has expired and holds no seats any more. Please start again.`,
      ]);
      const changes = await paymentEventsOf(t, row.id);
      expect(changes.map(([type, , to]) => [type, to])).toEqual([
        ['expired', 'expired'],
        ['refunded', 'refunded'],
      ]);
    });
  }

  it('marks a checkout expired when Stripe expires its session', async () => {
    const event = await createEvent(t);
    const { transactionID, session } = await stripeCheckout(event.id);
    session.status = 'expired';
    await webhook('checkout.session.expired', session);
    expect((await paymentRow(t, transactionID)).status).toBe('expired');
  });
});

describe('Stripe out of reach when a checkout starts', () => {
  it('answers 500, charges nothing and records the failure as a state change', async () => {
    const unreachable = await createSeededApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_samaj',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Nothing listens on port 9 (discard): the connection is refused at once
        STRIPE_API_BASE: 'http://127.0.0.1:9',
        PUBLIC_URL: 'https://samaj.example.org',
      },
    });
    try {
      const event = await createEvent(unreachable);
      const response = await checkout(unreachable, nonMemberCheckout(event.id, 1));
      expect(response.statusCode).toBe(500);
      const [row] = await unreachable.database.db
        .select()
        .from(payments)
        .where(eq(payments.eventId, event.id));
      expect(row.status).toBe('failed');
      expect(await paymentEventsOf(unreachable, row.id)).toEqual([
        ['failed', 'pending', 'failed', 'The payment provider could not be reached.'],
      ]);
    } finally {
      await unreachable.close();
    }
  });
});

describe('the success screen arriving before the webhook', () => {
  it('answers 402 while Stripe says unpaid, then confirms by asking Stripe once it is paid', async () => {
    const event = await createEvent(t);
    const { transactionID, session } = await stripeCheckout(event.id);
    const record = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/nonmember/paymentnonmember',
        payload: { transactionID },
      });
    expect((await record()).statusCode).toBe(402);
    stripe.pay(session.id);
    const response = await record();
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('payment done');
    // The webhook arriving afterwards changes nothing
    await webhook('checkout.session.completed', stripe.sessions.get(session.id) as TFakeSession);
    expect(await receiptsOf(t, transactionID)).toHaveLength(1);
  });
});

describe('a donation with Stripe (issue 15)', () => {
  it('opens a session for the gift, confirms it by the signed webhook and mails its tax receipt', async () => {
    const response = await checkout(t, {
      kind: 'donation',
      amount: '35',
      dedication: 'In honour of the volunteers',
      donor: { fname: 'Nila', lname: 'Rao', email: 'nila.rao@example.net', contact: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { transactionID } = response.json();
    const row = await paymentRow(t, transactionID);
    const session = stripe.sessions.get(row.providerReference ?? '');
    if (!session) throw new Error('no session was created at Stripe');
    expect(session.amount_total).toBe(3500);
    expect(session.success_url).toMatch(/#\/success\/donation\?email=/);

    expect((await webhook('checkout.session.completed', stripe.pay(session.id))).statusCode).toBe(
      200,
    );
    expect((await paymentRow(t, transactionID)).status).toBe('payment done');
    const [receipt] = await receiptsOf(t, transactionID);
    expect(receipt.textBody).toContain('Donation amount: $35.00');
    expect(receipt.textBody).toContain('Dedication: In honour of the volunteers');
  });
});

describe('staff refunds through Stripe', () => {
  it('refunds part, then the rest, at Stripe with one idempotency key per request', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const { transactionID, session } = await stripeCheckout(event.id, 2);
    expect((await webhook('checkout.session.completed', stripe.pay(session.id))).statusCode).toBe(
      200,
    );
    const admin = bearer(await tokenOf(t, 'admin'));
    const refundOnce = (amount: string, requestKey: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${transactionID}/refunds`,
        headers: admin,
        payload: { amount, reason: 'Cannot come', requestKey },
      });
    const part = await refundOnce('10', 'request-part-1');
    expect(part.statusCode, part.body).toBe(200);
    // The same request again (a double click): Stripe is not asked for a second refund
    expect((await refundOnce('10', 'request-part-1')).json().refund.id).toBe(part.json().refund.id);
    const rest = await refundOnce('20', 'request-rest-1');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().payment).toMatchObject({ status: 'refunded', refunded: '30.00' });
    const atStripe = stripe.refunds.filter(
      (refund) => refund.payment_intent === session.payment_intent,
    );
    expect(atStripe.map((refund) => refund.amount)).toEqual([1000, 2000]);
    expect(atStripe.map((refund) => refund.idempotencyKey)).toEqual([
      `refund_${transactionID}_request-part-1`,
      `refund_${transactionID}_request-rest-1`,
    ]);
    const { rows, mails } = await refundsOf((await paymentRow(t, transactionID)).id);
    expect(rows.map((row) => row.providerRefundId)).toEqual(atStripe.map((refund) => refund.id));
    expect(mails).toHaveLength(2);
  });
});
