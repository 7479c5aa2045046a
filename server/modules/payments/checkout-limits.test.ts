/**
 * Issue 8, "anyone can make an event sold out for free": one client and one buyer e-mail may
 * hold only so many seats in checkouts not yet paid, and start only so many checkouts; what they
 * hold is shown beside the seats left; nobody's request ends another buyer's checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS, CHECKOUT_TTL_MINUTES } from '../../../domain/constants';
import {
  CHECKOUT_STARTS_LIMIT_MESSAGE,
  UNPAID_HOLDS_LIMIT_MESSAGE,
} from '../../../domain/contracts/payments';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import {
  checkout,
  createEvent,
  createSeededApp,
  memberHeaders,
  newBuyer,
  nonMemberCheckout,
  paymentRow,
  payMock,
  staffHeaders,
} from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

const table = (eventid: number, buyer = newBuyer()) => ({
  kind: 'table-for-10',
  eventid,
  buyer,
  member_adult: 10,
  member_kids5: 0,
  member_kids613: 0,
});

const eventSeats = async (eventId: number) =>
  (await t.app.inject({ url: `/api/event/${eventId}` })).json() as {
    seatsLeft: number;
    seatsHeld: number;
  };

describe('seats one client may hold unpaid', () => {
  it('keeps a 100-seat event on sale when one address starts checkout after checkout with new e-mails', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const attacker = nextClientAddress();
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await checkout(t, nonMemberCheckout(event.id, 10), {}, attacker));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(2);
    const refused = answers[2];
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: UNPAID_HOLDS_LIMIT_MESSAGE,
    });
    expect(refused.headers['retry-after']).toBe(String(CHECKOUT_TTL_MINUTES * 60));

    // A real buyer elsewhere still buys, and sees what is held
    const buyer = await checkout(t, nonMemberCheckout(event.id, 1));
    expect(buyer.statusCode).toBe(200);
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 79, seatsHeld: 21 });
  });

  it('lets a client hold a table for 10, and more once its holds are paid or lapse', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const family = nextClientAddress();
    const first = await checkout(t, table(event.id), {}, family);
    expect(first.statusCode).toBe(200);
    expect((await checkout(t, table(event.id), {}, family)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), {}, family)).statusCode).toBe(429);

    // Paid seats are no longer a hold
    expect((await payMock(t, first.json().transactionID)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), {}, family)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), {}, family)).statusCode).toBe(429);

    // Lapsed holds free the client too
    t.clock.advance(CHECKOUT_TTL_MINUTES * MINUTE);
    expect((await checkout(t, table(event.id), {}, family)).statusCode).toBe(200);
  });

  it('counts one buyer e-mail across addresses: at most 10 unpaid seats', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const buyer = newBuyer();
    const fromA = await checkout(t, nonMemberCheckout(event.id, 6, { buyer }));
    expect(fromA.statusCode).toBe(200);
    const fromB = await checkout(t, nonMemberCheckout(event.id, 5, { buyer }));
    expect(fromB.statusCode).toBe(429);
    expect(fromB.json().error.message).toBe(UNPAID_HOLDS_LIMIT_MESSAGE);
    const upperCase = { ...buyer, email: buyer.email.toUpperCase() };
    expect(
      (await checkout(t, nonMemberCheckout(event.id, 5, { buyer: upperCase }))).statusCode,
    ).toBe(429);
    expect((await checkout(t, nonMemberCheckout(event.id, 4, { buyer }))).statusCode).toBe(200);
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 90, seatsHeld: 10 });
  });

  it('never ends or replaces another buyer checkout: the same e-mail from elsewhere is refused, the first still pays', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const victim = newBuyer();
    const own = await checkout(t, nonMemberCheckout(event.id, 4, { buyer: victim }));
    expect(own.statusCode).toBe(200);
    const transactionId = own.json().transactionID;

    const intruder = nextClientAddress();
    expect(
      (await checkout(t, nonMemberCheckout(event.id, 6, { buyer: victim }), {}, intruder))
        .statusCode,
    ).toBe(200);
    expect(
      (await checkout(t, nonMemberCheckout(event.id, 1, { buyer: victim }), {}, intruder))
        .statusCode,
    ).toBe(429);

    expect((await paymentRow(t, transactionId)).status).toBe('pending');
    expect((await payMock(t, transactionId)).statusCode).toBe(200);
    expect((await paymentRow(t, transactionId)).status).toBe('payment done');
  });

  it('counts a signed-in member by account, not by the address they share', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const hallWifi = nextClientAddress();
    expect((await checkout(t, table(event.id), {}, hallWifi)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), {}, hallWifi)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), {}, hallWifi)).statusCode).toBe(429);
    const member = await memberHeaders(t);
    expect((await checkout(t, table(event.id), member, hallWifi)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), member, hallWifi)).statusCode).toBe(200);
    expect((await checkout(t, table(event.id), member, hallWifi)).statusCode).toBe(429);
  });

  it('does not limit staff selling at the door from one address', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const door = nextClientAddress();
    const staff = await staffHeaders(t, 'temp');
    for (let i = 0; i < 4; i++)
      expect((await checkout(t, table(event.id), staff, door)).statusCode).toBe(200);
  });
});

describe('checkouts one client may start', () => {
  it(`allows ${ANONYMOUS_LIMITS.checkoutStarts.perClient} starts per address in 15 minutes, cancelled ones included, then 429 with Retry-After`, async () => {
    const event = await createEvent(t, { capacity: 100 });
    const client = nextClientAddress();
    for (let i = 0; i < ANONYMOUS_LIMITS.checkoutStarts.perClient; i++) {
      const started = await checkout(t, nonMemberCheckout(event.id, 1), {}, client);
      expect(started.statusCode).toBe(200);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/payments/mock/${started.json().transactionID}/cancel`,
      });
      expect(cancelled.statusCode).toBe(200);
    }
    const refused = await checkout(t, nonMemberCheckout(event.id, 1), {}, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(CHECKOUT_STARTS_LIMIT_MESSAGE);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect((await checkout(t, nonMemberCheckout(event.id, 1))).statusCode).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await checkout(t, nonMemberCheckout(event.id, 1), {}, client)).statusCode).toBe(200);
  });

  it(`allows ${ANONYMOUS_LIMITS.checkoutStarts.perEmail} starts per buyer e-mail in 15 minutes, from any addresses`, async () => {
    const event = await createEvent(t, { capacity: 100 });
    const buyer = newBuyer();
    for (let i = 0; i < ANONYMOUS_LIMITS.checkoutStarts.perEmail; i++) {
      const started = await checkout(t, nonMemberCheckout(event.id, 1, { buyer }));
      expect(started.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/mock/${started.json().transactionID}/cancel`,
      });
    }
    const refused = await checkout(t, nonMemberCheckout(event.id, 1, { buyer }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(CHECKOUT_STARTS_LIMIT_MESSAGE);
  });

  it('counts a start its checkout refused as it counts one that went through', async () => {
    // Counted before the checkout's transaction, so the refusal's rollback keeps the count
    const event = await createEvent(t, { capacity: 1 });
    const client = nextClientAddress();
    for (let i = 0; i < ANONYMOUS_LIMITS.checkoutStarts.perClient; i++) {
      const tooMany = await checkout(t, nonMemberCheckout(event.id, 2), {}, client);
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toBe('Only 1 seat is left.');
    }
    const refused = await checkout(t, nonMemberCheckout(event.id, 1), {}, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(CHECKOUT_STARTS_LIMIT_MESSAGE);
    expect((await checkout(t, nonMemberCheckout(event.id, 1))).statusCode).toBe(200);
  });
});

describe('GET /api/event/:id and the event lists show held seats', () => {
  it('answers seatsHeld beside seatsLeft, and drops it when the hold is paid or lapses', async () => {
    const event = await createEvent(t, { capacity: 50 });
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 50, seatsHeld: 0 });
    const paid = await checkout(t, nonMemberCheckout(event.id, 3));
    await checkout(t, nonMemberCheckout(event.id, 7));
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 40, seatsHeld: 10 });
    await payMock(t, paid.json().transactionID);
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 40, seatsHeld: 7 });
    const listed = (await t.app.inject({ url: '/api/event' }))
      .json()
      .find((row: { id: number }) => row.id === event.id);
    expect(listed).toMatchObject({ seatsLeft: 40, seatsHeld: 7 });
    t.clock.advance(CHECKOUT_TTL_MINUTES * MINUTE);
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 47, seatsHeld: 0 });
  });
});
