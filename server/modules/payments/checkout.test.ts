import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TTL_MINUTES } from '../../../domain/constants';
import { addDays } from '../../../domain/dates';
import { nonMemberBuyers } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  BUYER,
  buyNonMemberTickets,
  checkout,
  createEvent,
  createSeededApp,
  newBuyer,
  nonMemberCheckout,
  paymentRow,
  startCheckout,
  today,
} from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/checkout, non-member tickets', () => {
  it('prices from the database, ignores a client amount and stores a pending payment for 30 minutes', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const response = await checkout(
      t,
      nonMemberCheckout(event.id, 3, { amount: '0.01', price: 1, buyer: BUYER }),
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.amount).toBe('45.00');
    expect(answer.transactionID).toMatch(/^txn_[a-z2-7]{24}$/);
    expect(answer.checkoutUrl).toBe(`#/checkout/mock/${answer.transactionID}`);

    const row = await paymentRow(t, answer.transactionID);
    expect(row).toMatchObject({
      kind: 'nonmember-ticket',
      status: 'pending',
      provider: 'mock',
      amountCents: 4500,
      productName: 'Gala Event Non Member Tickets',
      paymentType: 'Event',
      description: 'payment',
      dependent: 3,
      memberName: 'Asha Patel',
      contact: '7135550199',
      email: BUYER.email,
      eventId: event.id,
      eventDate: event.eventDate,
      memberId: null,
    });
    expect(row.expiresAt?.getTime()).toBe(t.clock.now().getTime() + CHECKOUT_TTL_MINUTES * 60_000);
    const [buyer] = await t.database.db
      .select()
      .from(nonMemberBuyers)
      .where(eq(nonMemberBuyers.id, row.nonMemberId ?? -1));
    expect(buyer).toMatchObject({
      firstName: 'Asha',
      lastName: 'Patel',
      email: BUYER.email,
      contactPhone: '7135550199',
    });
  });

  it('gives every checkout its own unguessable transaction id', async () => {
    const event = await createEvent(t);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(await startCheckout(t, nonMemberCheckout(event.id, 1)));
    expect(ids.size).toBe(5);
  });

  it('names each invalid field', async () => {
    const event = await createEvent(t);
    const response = await checkout(t, {
      kind: 'nonmember-ticket',
      eventid: event.id,
      ticket: 0,
      buyer: { fname: '', email: 'not-an-email', contact: '12' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields)).toEqual(
      expect.arrayContaining(['ticket', 'buyer.fname', 'buyer.email', 'buyer.contact']),
    );
  });

  it('refuses an unknown kind', async () => {
    const response = await checkout(t, { kind: 'free-tickets', eventid: 1 });
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 "Only N seats are left." when the seats do not suffice, counting open checkouts', async () => {
    const event = await createEvent(t, { capacity: 6 });
    await buyNonMemberTickets(t, event.id, 2);
    await startCheckout(t, nonMemberCheckout(event.id, 2));
    const response = await checkout(t, nonMemberCheckout(event.id, 3));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Only 2 seats are left.',
    });
    expect((await checkout(t, nonMemberCheckout(event.id, 2))).statusCode).toBe(200);
    expect((await checkout(t, nonMemberCheckout(event.id, 1))).json().error.message).toBe(
      'This event is sold out.',
    );
  });

  it('does not sell tickets for an event that is over or cancelled, or does not exist', async () => {
    const past = await createEvent(t, { eventDate: addDays(today(t), -1) });
    const cancelled = await createEvent(t, { status: 'cancelled' });
    expect((await checkout(t, nonMemberCheckout(past.id))).statusCode).toBe(409);
    expect((await checkout(t, nonMemberCheckout(cancelled.id))).json().error.message).toBe(
      'This event is cancelled.',
    );
    expect((await checkout(t, nonMemberCheckout(999999))).statusCode).toBe(404);
  });
});

describe('POST /api/checkout, table for 10', () => {
  const table = (eventid: number, adults: number, under5: number, six13: number) => ({
    kind: 'table-for-10',
    eventid,
    buyer: newBuyer(),
    member_adult: adults,
    member_kids5: under5,
    member_kids613: six13,
  });

  it('charges the table price for 10 seats and stores the notes text', async () => {
    const event = await createEvent(t, { tablePriceCents: 12000, capacity: 40 });
    const response = await checkout(t, table(event.id, 6, 1, 3));
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe('120.00');
    const row = await paymentRow(t, response.json().transactionID);
    expect(row).toMatchObject({
      kind: 'table-for-10',
      productName: 'Gala Event TableFor10 Tickets',
      dependent: 10,
      contact: '7135550199',
      memberName: 'Asha Patel',
      notes:
        'Adult 6 ticket(s), Kids (Under 5 years): 1 ticket(s), Kids (6 to 13 years): 3 ticket(s)',
    });
  });

  it('refuses seats that do not add up to 10', async () => {
    const event = await createEvent(t);
    const response = await checkout(t, table(event.id, 6, 1, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.member_adult).toMatch(/add up to the 10 seats/);
  });

  it('needs 10 free seats', async () => {
    const event = await createEvent(t, { capacity: 9 });
    const response = await checkout(t, table(event.id, 10, 0, 0));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Only 9 seats are left.');
  });
});
