import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/dates';
import type { TEvent } from '../../../domain/contracts/events';
import { payments } from '../../db/schema';
import { TestClock } from '../../lib/clock';
import type { TTestApp } from '../../test/test-app';
import {
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  nonMemberCheckout,
  startCheckout,
  today,
} from '../payments/payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  // 05:30 UTC is still the previous evening in Chicago: "today" must be the association's day
  t = await createSeededApp({ clock: new TestClock('2026-11-22T05:30:00Z') });
});
afterAll(async () => {
  await t.close();
});

const list = async (url: string) => (await t.app.inject({ url })).json() as TEvent[];

describe('public event reads', () => {
  it('takes "today" in TIME_ZONE, not UTC', () => {
    expect(today(t)).toBe('2026-11-21');
  });

  it('lists the events dated today as the current event, earliest time first', async () => {
    const late = await createEvent(t, {
      eventDate: today(t),
      eventTime: '20:00',
      name: 'Late today',
    });
    const early = await createEvent(t, {
      eventDate: today(t),
      eventTime: '07:00',
      name: 'Early today',
    });
    const current = await list('/api/currentevent');
    expect(current.every((event) => event.eventDate === today(t))).toBe(true);
    const ids = current.map((event) => event.id);
    expect(ids[0]).toBe(early.id);
    expect(ids.indexOf(late.id)).toBeGreaterThan(ids.indexOf(early.id));
  });

  it('splits past, upcoming and current-upcoming by the calendar day', async () => {
    const past = await list('/api/pastevent');
    const upcoming = await list('/api/upcomingevent');
    const currentUpcoming = await list('/api/currentupcomingevent');
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((event) => event.eventDate < today(t))).toBe(true);
    expect(past[0].eventDate >= past[past.length - 1].eventDate).toBe(true);
    expect(upcoming.every((event) => event.eventDate > today(t))).toBe(true);
    expect(currentUpcoming.every((event) => event.eventDate >= today(t))).toBe(true);
    expect(currentUpcoming.length).toBe(upcoming.length + (await list('/api/currentevent')).length);
  });

  it('answers the spec fields with money as decimal strings and seats left', async () => {
    const event = await createEvent(t, { capacity: 30, nonMemberPriceCents: 1550 });
    const answer = (await t.app.inject({ url: `/api/event/${event.id}` })).json() as TEvent;
    expect(answer).toMatchObject({
      id: event.id,
      eventName: event.name,
      eventDate: event.eventDate,
      eventTime: '18:00',
      memberPrice: '10.00',
      nonMemberPrice: '15.50',
      tablePrice: '120.00',
      capacity: 30,
      seatsLeft: 30,
      status: 'scheduled',
    });
    expect(Date.parse(answer.created_at)).not.toBeNaN();
  });

  it('counts confirmed seats and open checkouts, and frees a checkout once it expires', async () => {
    const event = await createEvent(t, { capacity: 20 });
    await buyNonMemberTickets(t, event.id, 3);
    await startCheckout(t, nonMemberCheckout(event.id, 4));
    const seatsLeft = async () =>
      ((await t.app.inject({ url: `/api/event/${event.id}` })).json() as TEvent).seatsLeft;
    expect(await seatsLeft()).toBe(13);
    t.clock.advance(31 * 60_000);
    expect(await seatsLeft()).toBe(17);
    const all = await list('/api/event');
    expect(all.find((row) => row.id === event.id)?.seatsLeft).toBe(17);
  });

  it('answers the lists from memory for at most a second, and shows a sale on this server at once', async () => {
    const event = await createEvent(t, { capacity: 50 });
    const seats = async () => ({
      one: ((await t.app.inject({ url: `/api/event/${event.id}` })).json() as TEvent).seatsLeft,
      all: (await list('/api/event')).find((row) => row.id === event.id)?.seatsLeft,
    });
    expect(await seats()).toEqual({ one: 50, all: 50 });
    // A sale written by another instance on the same database: this one learns of it by its age
    await t.database.db.insert(payments).values({
      transactionId: `other-instance-${event.id}`,
      kind: 'nonmember-ticket',
      status: 'payment done',
      provider: 'mock',
      email: 'elsewhere@example.net',
      eventId: event.id,
      productName: event.name,
      paymentType: 'Event',
      dependent: 2,
      amountCents: 3000,
    });
    expect(await seats()).toEqual({ one: 50, all: 50 });
    t.clock.advance(1000);
    expect(await seats()).toEqual({ one: 48, all: 48 });
    // A sale through this server drops the cached lists at once
    await buyNonMemberTickets(t, event.id, 3);
    expect(await seats()).toEqual({ one: 45, all: 45 });
  });

  it('leaves cancelled events out of the lists but still answers them by id', async () => {
    const event = await createEvent(t, { status: 'cancelled', eventDate: addDays(today(t), 3) });
    expect((await list('/api/event')).some((row) => row.id === event.id)).toBe(false);
    expect((await t.app.inject({ url: `/api/event/${event.id}` })).json().status).toBe('cancelled');
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const missing = await t.app.inject({ url: '/api/event/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: '/api/event/abc' })).statusCode).toBe(400);
  });
});
