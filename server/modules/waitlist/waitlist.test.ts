/**
 * Issue 9, the waiting list: joining a sold-out event (`POST /api/nonmember/iview`), confirming
 * the e-mail, offers made when seats come free that hold them (counted as held, and against the
 * unpaid-holds caps), an offer expiring and passing on, checkout from the offer, staff access.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../../domain/constants';
import { UNPAID_HOLDS_LIMIT_MESSAGE } from '../../../domain/contracts/payments';
import { WAITLIST_MESSAGES } from '../../../domain/contracts/waitlist';
import { events, mailOutbox, waitlistEntries } from '../../db/schema';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import {
  bearer,
  checkout,
  createEvent,
  createSeededApp,
  nonMemberCheckout,
  payMock,
  tokenOf,
} from '../payments/payments-test-kit';
import {
  cancelledDedupeKey,
  lapsedDedupeKey,
  offerDedupeKey,
  WAITLIST_CONFIRM_DAYS,
  WAITLIST_KEEP_ENDED_DAYS,
} from './waitlist-offers';
import {
  CONFIRM_LINK,
  entryOf,
  join,
  joinConfirmed,
  OFFER_LINK,
  runOffers,
  soldOutEvent,
  tokenMailedTo,
  waiter,
} from './waitlist-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;

const eventSeats = async (eventId: number) =>
  (await t.app.inject({ url: `/api/event/${eventId}` })).json() as {
    seatsLeft: number;
    seatsHeld: number;
  };

const raiseCapacity = (eventId: number, capacity: number) =>
  t.database.db.update(events).set({ capacity }).where(eq(events.id, eventId));

describe('POST /api/nonmember/iview', () => {
  it('puts a family on the list of a sold-out event, pending until its e-mail is confirmed', async () => {
    const event = await soldOutEvent(t);
    const body = waiter(event.id, 3);
    const joined = await join(t, body);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ message: WAITLIST_MESSAGES.joined, status: 'pending' });
    expect(await entryOf(t, event.id, body.email)).toMatchObject({
      status: 'pending',
      seats: 3,
      firstName: 'Meera',
      lastName: 'Shah',
      phone: '7135550142',
    });
    const token = await tokenMailedTo(t, body.email, CONFIRM_LINK);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/waitlist/confirm/${token}` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: WAITLIST_MESSAGES.confirmed,
      eventid: event.id,
      seats: 3,
      position: 1,
    });
    expect((await entryOf(t, event.id, body.email)).status).toBe('waiting');
    // The link again answers the same; a made-up one is refused
    const again = await t.app.inject({ method: 'POST', url: `/api/waitlist/confirm/${token}` });
    expect(again.json()).toMatchObject({ position: 1 });
    const madeUp = await t.app.inject({
      method: 'POST',
      url: `/api/waitlist/confirm/${'x'.repeat(43)}`,
    });
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json().error.message).toBe(WAITLIST_MESSAGES.linkInvalid);
    // The same e-mail cannot wait twice for one event
    const twice = await join(t, { ...body, seats: 2 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(WAITLIST_MESSAGES.alreadyOnList);
  });

  it('names each wrong field as the spec words it', async () => {
    const event = await soldOutEvent(t);
    const answer = await join(t, {
      eventid: event.id,
      fname: '',
      lname: '',
      email: 'not-an-email',
      contact: '123',
      seats: 0,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toMatchObject({
      fname: 'First name is required',
      lname: 'Last name is required',
      email: 'Email is not Valid.',
      contact: 'Invalid Format',
      seats: 'At least 1 seat.',
    });
    const tooMany = await join(t, waiter(event.id, ANONYMOUS_LIMITS.unpaidHolds.seatsPerEmail + 1));
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses an event whose seats are there to buy, and an unknown one', async () => {
    const event = await createEvent(t, { capacity: 10 });
    const answer = await join(t, waiter(event.id, 4));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(WAITLIST_MESSAGES.notSoldOut);
    // All 10 seats left are there to buy; a family needing more than is left may wait
    expect((await join(t, waiter(event.id, 10))).statusCode).toBe(409);
    await raiseCapacity(event.id, 3);
    expect((await join(t, waiter(event.id, 4))).statusCode).toBe(201);
    expect((await join(t, waiter(999_999, 2))).statusCode).toBe(404);
  });

  it('limits joins per address and per e-mail through the anonymous limiter', async () => {
    const events = await Promise.all([1, 2, 3, 4, 5, 6].map(() => soldOutEvent(t, 1)));
    const address = nextClientAddress();
    const codes: number[] = [];
    for (const event of events)
      codes.push((await join(t, waiter(event.id, 1), address)).statusCode);
    const perClient = ANONYMOUS_LIMITS.waitlistJoins.perClient;
    expect(codes.slice(0, perClient).every((code) => code === 201)).toBe(true);
    expect(codes[perClient]).toBe(429);

    const email = 'one.family@example.net';
    const byEmail: number[] = [];
    for (const event of events.slice(0, 4))
      byEmail.push((await join(t, waiter(event.id, 1, { email }))).statusCode);
    const perEmail = ANONYMOUS_LIMITS.waitlistJoins.perEmail;
    expect(byEmail.slice(0, perEmail).every((code) => code === 201)).toBe(true);
    const refused = await join(t, waiter(events[5].id, 1, { email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(WAITLIST_MESSAGES.rateLimited);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('offers', () => {
  it('offers freed seats to the first entry whose need fits, holds them, and passes them on when unused', async () => {
    const event = await soldOutEvent(t, 4);
    const big = await joinConfirmed(t, waiter(event.id, 5));
    const first = await joinConfirmed(t, waiter(event.id, 3));
    const second = await joinConfirmed(t, waiter(event.id, 2));
    expect(await runOffers(t)).toMatchObject({ offered: [] });

    // Three seats come free: the family of 5 does not fit, the family of 3 does
    await raiseCapacity(event.id, 7);
    const run = await runOffers(t);
    const firstEntry = await entryOf(t, event.id, first);
    expect(run.offered).toEqual([firstEntry.id]);
    expect(firstEntry.status).toBe('offered');
    expect(firstEntry.offerExpiresAt?.getTime()).toBe(t.clock.now().getTime() + 24 * HOUR);
    expect((await entryOf(t, event.id, big)).status).toBe('waiting');
    expect((await entryOf(t, event.id, second)).status).toBe('waiting');
    // The offer's seats are held: nobody else may buy them
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 0, seatsHeld: 3 });
    expect((await checkout(t, nonMemberCheckout(event.id, 1))).statusCode).toBe(409);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, offerDedupeKey(firstEntry.id, 1)));
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(first);
    expect(mails[0].textBody).toMatch(OFFER_LINK);
    const offerToken = await tokenMailedTo(t, first, OFFER_LINK);
    const offer = await t.app.inject({ url: `/api/waitlist/offer/${offerToken}` });
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({
      eventid: event.id,
      seats: 3,
      buyer: { fname: 'Meera', lname: 'Shah', email: first, contact: '7135550142' },
    });
    // A second run makes no second offer
    expect(await runOffers(t)).toEqual({ expired: [], offered: [] });

    // Unused for 24 hours: it expires and its seats pass to the next entry whose need fits
    t.clock.advance(24 * HOUR + 60_000);
    const later = await runOffers(t);
    expect(later.expired).toEqual([firstEntry.id]);
    const secondEntry = await entryOf(t, event.id, second);
    expect(later.offered).toEqual([secondEntry.id]);
    expect((await entryOf(t, event.id, first)).status).toBe('expired');
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 1, seatsHeld: 2 });
    const stale = await t.app.inject({ url: `/api/waitlist/offer/${offerToken}` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(WAITLIST_MESSAGES.offerInvalid);
  });

  it('offers the seats of a checkout that lapsed unpaid', async () => {
    const event = await createEvent(t, { capacity: 2 });
    const started = await checkout(t, nonMemberCheckout(event.id, 2));
    expect(started.statusCode).toBe(200);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    expect((await runOffers(t)).offered).toEqual([]);
    t.clock.advance(31 * 60_000);
    const run = await runOffers(t);
    expect(run.offered).toEqual([(await entryOf(t, event.id, email)).id]);
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 0, seatsHeld: 2 });
  });

  it('lets only the buyer it was made to check out with the offer, and ends it once paid', async () => {
    const event = await soldOutEvent(t, 2);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    await raiseCapacity(event.id, 4);
    await runOffers(t);
    const token = await tokenMailedTo(t, email, OFFER_LINK);
    const buyer = { fname: 'Meera', lname: 'Shah', email, contact: '(713) 555-0142' };

    const stranger = await checkout(t, {
      ...nonMemberCheckout(event.id, 2),
      offer: token,
    });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().error.message).toBe(WAITLIST_MESSAGES.offerNotYours);
    const without = await checkout(t, { ...nonMemberCheckout(event.id, 2), buyer });
    expect(without.statusCode).toBe(409);

    const started = await checkout(t, { ...nonMemberCheckout(event.id, 2), buyer, offer: token });
    expect(started.statusCode).toBe(200);
    // The checkout holds the offer's seats now: counted once, not twice
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 0, seatsHeld: 2 });
    expect((await payMock(t, started.json().transactionID as string)).statusCode).toBe(200);
    await runOffers(t);
    expect((await entryOf(t, event.id, email)).status).toBe('purchased');
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 0, seatsHeld: 0 });
  });

  it("counts an offer's seats against its e-mail's unpaid-holds cap", async () => {
    const event = await soldOutEvent(t, 1);
    const email = await joinConfirmed(t, waiter(event.id, 8));
    await raiseCapacity(event.id, 9);
    await runOffers(t);
    expect((await entryOf(t, event.id, email)).status).toBe('offered');
    const elsewhere = await createEvent(t, { capacity: 50 });
    const buyer = { fname: 'Meera', lname: 'Shah', email, contact: '(713) 555-0142' };
    const over = await checkout(t, { ...nonMemberCheckout(elsewhere.id, 3), buyer });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(UNPAID_HOLDS_LIMIT_MESSAGE);
    expect((await checkout(t, { ...nonMemberCheckout(elsewhere.id, 2), buyer })).statusCode).toBe(
      200,
    );
  });

  it('does not offer to an entry whose e-mail already holds its cap unpaid', async () => {
    const event = await soldOutEvent(t, 1);
    const email = await joinConfirmed(t, waiter(event.id, 4));
    const elsewhere = await createEvent(t, { capacity: 50 });
    const buyer = { fname: 'Meera', lname: 'Shah', email, contact: '(713) 555-0142' };
    expect((await checkout(t, { ...nonMemberCheckout(elsewhere.id, 8), buyer })).statusCode).toBe(
      200,
    );
    await raiseCapacity(event.id, 5);
    expect((await runOffers(t)).offered).toEqual([]);
    expect((await entryOf(t, event.id, email)).status).toBe('waiting');
  });
});

describe('staff and the list', () => {
  it('lets temporary admins and admins see and edit a list; members and visitors are refused', async () => {
    const event = await soldOutEvent(t, 1);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    const url = `/api/event/${event.id}/waitlist`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const member = bearer(await tokenOf(t, 'member'));
    expect((await t.app.inject({ url, headers: member })).statusCode).toBe(403);
    const temp = bearer(await tokenOf(t, 'temp'));
    const list = await t.app.inject({ url, headers: temp });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      eventid: event.id,
      entries: [{ email, seats: 2, status: 'waiting' }],
    });
    const id = (list.json().entries as { id: number }[])[0].id;

    const put = (headers: Record<string, string>, seats: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/waitlist/${id}`, headers, payload: { seats } });
    expect((await put({}, 3)).statusCode).toBe(401);
    expect((await put(member, 3)).statusCode).toBe(403);
    expect((await put(temp, 0)).statusCode).toBe(400);
    const edited = await put(temp, 3);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: WAITLIST_MESSAGES.updated,
      entry: { seats: 3 },
    });

    const remove = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/waitlist/${id}`, headers });
    expect((await remove({})).statusCode).toBe(401);
    expect((await remove(member)).statusCode).toBe(403);
    const admin = bearer(await tokenOf(t, 'admin'));
    const removed = await remove(admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().entry.status).toBe('removed');
    expect((await remove(admin)).statusCode).toBe(409);
    expect(
      (await t.app.inject({ url: `/api/event/999999/waitlist`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('frees the seats of an open offer when its entry is removed', async () => {
    const event = await soldOutEvent(t, 1);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    await raiseCapacity(event.id, 3);
    await runOffers(t);
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 0, seatsHeld: 2 });
    const entry = await entryOf(t, event.id, email);
    const admin = bearer(await tokenOf(t, 'admin'));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entry.id}`,
      headers: admin,
    });
    expect(removed.json()).toMatchObject({ entry: { status: 'removed' } });
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 2, seatsHeld: 0 });
  });
});

describe('seats freed by the server itself are offered at once', () => {
  const admin = async () => bearer(await tokenOf(t, 'admin'));

  it('offers at once when an admin raises the capacity in the event edit', async () => {
    const event = await soldOutEvent(t, 2);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/eventupdatedelete/${event.id}`,
      headers: await admin(),
      payload: {
        eventName: event.name,
        eventDescription: 'Garba night.',
        eventDate: event.eventDate,
        eventTime: event.eventTime,
        venue: event.venue,
        memberPrice: '10',
        nonMemberPrice: '15',
        tablePrice: 120,
        capacity: 4,
      },
    });
    expect(edited.statusCode).toBe(200);
    // No timer run: the edit itself made the offer, and mailed it
    const entry = await entryOf(t, event.id, email);
    expect(entry.status).toBe('offered');
    expect(await tokenMailedTo(t, email, OFFER_LINK)).toBeTruthy();
  });

  it('offers at once the seats of a checkout its buyer cancels', async () => {
    const event = await createEvent(t, { capacity: 2 });
    const started = await checkout(t, nonMemberCheckout(event.id, 2));
    expect(started.statusCode).toBe(200);
    const email = await joinConfirmed(t, waiter(event.id, 2));
    expect((await entryOf(t, event.id, email)).status).toBe('waiting');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mock/${started.json().transactionID as string}/cancel`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await entryOf(t, event.id, email)).status).toBe('offered');
  });

  it('passes an offer withdrawn by staff to the next family at once', async () => {
    const event = await soldOutEvent(t, 1);
    const first = await joinConfirmed(t, waiter(event.id, 2));
    const second = await joinConfirmed(t, waiter(event.id, 2));
    await raiseCapacity(event.id, 3);
    await runOffers(t);
    const firstEntry = await entryOf(t, event.id, first);
    expect(firstEntry.status).toBe('offered');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${firstEntry.id}`,
      headers: await admin(),
    });
    expect(removed.statusCode).toBe(200);
    expect((await entryOf(t, event.id, second)).status).toBe('offered');
    expect(await eventSeats(event.id)).toMatchObject({ seatsLeft: 0, seatsHeld: 2 });
  });
});

describe('the confirmation page and the lapsed offer', () => {
  it('points a confirmation whose entry is offered at once to the offer, which its link opens', async () => {
    const event = await createEvent(t, { capacity: 3 });
    await checkout(t, nonMemberCheckout(event.id, 2));
    // One seat is left: a family of 2 may wait
    const body = waiter(event.id, 2);
    expect((await join(t, body)).statusCode).toBe(201);
    const token = await tokenMailedTo(t, body.email, CONFIRM_LINK);
    const waiting = await t.app.inject({ method: 'POST', url: `/api/waitlist/confirm/${token}` });
    expect(waiting.json()).toMatchObject({ position: 1, offerExpiresAt: null });

    await raiseCapacity(event.id, 4);
    await runOffers(t);
    const entry = await entryOf(t, event.id, body.email);
    expect(entry.status).toBe('offered');
    const again = await t.app.inject({ method: 'POST', url: `/api/waitlist/confirm/${token}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().offerExpiresAt).toBe(entry.offerExpiresAt?.toISOString());
    // The confirmation link opens the offer, and buys with it, like the offer mail's link
    const offer = await t.app.inject({ url: `/api/waitlist/offer/${token}` });
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({ eventid: event.id, seats: 2 });
    const buyer = { fname: 'Meera', lname: 'Shah', email: body.email, contact: '(713) 555-0142' };
    const bought = await checkout(t, { ...nonMemberCheckout(event.id, 2), buyer, offer: token });
    expect(bought.statusCode).toBe(200);
  });

  it('mails the family once when its offer lapses unused', async () => {
    const event = await soldOutEvent(t, 1);
    const email = await joinConfirmed(t, waiter(event.id, 1));
    await raiseCapacity(event.id, 2);
    await runOffers(t);
    const entry = await entryOf(t, event.id, email);
    t.clock.advance(24 * HOUR + 60_000);
    // Offers of earlier tests lapse too
    expect((await runOffers(t)).expired).toContain(entry.id);
    await runOffers(t);
    const lapsed = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, lapsedDedupeKey(entry.id, 1)));
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0].toAddress).toBe(email);
    expect(lapsed[0].textBody).toContain('were not bought in time');
  });
});

describe('an event cancelled', () => {
  it('closes its open entries in the cancellation, releases offers and mails each waiting family once', async () => {
    const event = await soldOutEvent(t, 2);
    const offered = await joinConfirmed(t, waiter(event.id, 2));
    const waiting = await joinConfirmed(t, waiter(event.id, 2));
    const pending = waiter(event.id, 1);
    expect((await join(t, pending)).statusCode).toBe(201);
    const pendingToken = await tokenMailedTo(t, pending.email, CONFIRM_LINK);
    await raiseCapacity(event.id, 4);
    await runOffers(t);
    const offeredEntry = await entryOf(t, event.id, offered);
    expect(offeredEntry.status).toBe('offered');
    const offerToken = await tokenMailedTo(t, offered, OFFER_LINK);

    const admin = bearer(await tokenOf(t, 'admin'));
    const url = `/api/event/${event.id}/cancel`;
    const cancelled = await t.app.inject({ method: 'POST', url, headers: admin, payload: {} });
    expect(cancelled.statusCode).toBe(200);
    for (const email of [offered, waiting, pending.email]) {
      expect((await entryOf(t, event.id, email)).status).toBe('removed');
    }
    expect(await eventSeats(event.id)).toMatchObject({ seatsHeld: 0 });
    expect((await t.app.inject({ url: `/api/waitlist/offer/${offerToken}` })).statusCode).toBe(409);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/waitlist/confirm/${pendingToken}`,
    });
    expect(late.statusCode).toBe(404);

    await t.app.inject({ method: 'POST', url, headers: admin, payload: {} });
    const waitingEntry = await entryOf(t, event.id, waiting);
    for (const [entry, to] of [
      [offeredEntry, offered],
      [waitingEntry, waiting],
    ] as const) {
      const mails = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, cancelledDedupeKey(entry.id)));
      expect(mails).toHaveLength(1);
      expect(mails[0].toAddress).toBe(to);
      expect(mails[0].textBody).toContain('is cancelled');
    }
    const pendingEntry = await entryOf(t, event.id, pending.email);
    const none = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, cancelledDedupeKey(pendingEntry.id)));
    expect(none).toHaveLength(0);
  });
});

// Last: it moves the clock on by weeks (a temporary admin's window is 30 days either side)
describe('what is kept', () => {
  it('ends an entry never confirmed within a week, and clears ended entries after 30 days', async () => {
    const event = await soldOutEvent(t, 1);
    const unconfirmed = waiter(event.id, 1);
    expect((await join(t, unconfirmed)).statusCode).toBe(201);
    const confirmToken = await tokenMailedTo(t, unconfirmed.email, CONFIRM_LINK);
    const removed = await joinConfirmed(t, waiter(event.id, 2));
    const admin = bearer(await tokenOf(t, 'admin'));
    const removedId = (await entryOf(t, event.id, removed)).id;
    await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${removedId}`, headers: admin });

    t.clock.advance((WAITLIST_CONFIRM_DAYS * 24 + 1) * HOUR);
    await runOffers(t);
    expect((await entryOf(t, event.id, unconfirmed.email)).status).toBe('expired');
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/waitlist/confirm/${confirmToken}`,
    });
    expect(late.statusCode).toBe(404);

    t.clock.advance(WAITLIST_KEEP_ENDED_DAYS * 24 * HOUR);
    await runOffers(t);
    const [cleared] = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, removedId));
    expect(cleared).toMatchObject({
      status: 'removed',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      clientKey: null,
    });
  });
});
