import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capacityBelowTakenMessage,
  EVENT_HAS_PAYMENTS_MESSAGE,
  type TEvent,
  type TEventCancelled,
  type TManagedEventPage,
} from '../../../domain/contracts/events';
import { addDays } from '../../../domain/dates';
import { auditLogs, events, mailOutbox, payments } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { outboxTo } from '../auth/auth-test-kit';
import {
  bearer,
  BUYER,
  buyNonMemberTickets,
  checkout,
  createEvent,
  createSeededApp,
  nonMemberCheckout,
  payMock,
  paymentRow,
  startCheckout,
  today,
  tokenOf,
} from '../payments/payments-test-kit';
import { cancellationDedupeKey } from './event-cancel.service';

let t: TTestApp;
const tokens: Record<'temp' | 'admin' | 'super' | 'member', string> = {
  temp: '',
  admin: '',
  super: '',
  member: '',
};

beforeAll(async () => {
  t = await createSeededApp();
  for (const caller of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[caller] = await tokenOf(t, caller);
  }
});
afterAll(async () => {
  await t.close();
});

type TCallerName = keyof typeof tokens | 'anonymous';

function headersOf(caller: TCallerName): Record<string, string> {
  return caller === 'anonymous' ? {} : bearer(tokens[caller]);
}

function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    eventName: `Navaratri ${Math.random().toString(36).slice(2, 7)}`,
    eventDescription: 'Garba and dandiya, nine nights.',
    eventDate: addDays(today(t), 20),
    eventTime: '19:30',
    venue: 'Samaj Hall',
    memberPrice: '10',
    nonMemberPrice: '15.50',
    tablePrice: 150,
    capacity: 120,
    ...overrides,
  };
}

async function call(
  caller: TCallerName,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: headersOf(caller), payload });
}

/** A multipart request as a browser's FormData sends it. */
async function multipart(
  caller: TCallerName,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, unknown>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file)
    form.append(
      'eventImage',
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method,
    url,
    headers: {
      ...headersOf(caller),
      'content-type': request.headers.get('content-type') as string,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function created(caller: TCallerName = 'admin', overrides: Record<string, unknown> = {}) {
  const response = await call(caller, 'POST', '/api/event', eventBody(overrides));
  if (response.statusCode !== 201) throw new Error(`create answered ${response.body}`);
  return response.json().event as TEvent;
}

const photo = () =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: '#b4412c' } })
    .png()
    .toBuffer();

describe('who may manage events (DESIGN §3c)', () => {
  it('lets temporary admins and admins create, never members or visitors', async () => {
    expect((await call('temp', 'POST', '/api/event', eventBody())).statusCode).toBe(201);
    expect((await call('super', 'POST', '/api/event', eventBody())).statusCode).toBe(201);
    expect((await call('member', 'POST', '/api/event', eventBody())).statusCode).toBe(403);
    expect((await call('anonymous', 'POST', '/api/event', eventBody())).statusCode).toBe(401);
  });

  it('lets temporary admins and admins edit, never members', async () => {
    const event = await created();
    const url = `/api/eventupdatedelete/${event.id}`;
    const edit = eventBody({ eventName: 'Renamed by temp', capacity: 80 });
    const byTemp = await call('temp', 'PUT', url, edit);
    expect(byTemp.statusCode).toBe(200);
    expect(byTemp.json().event).toMatchObject({ eventName: 'Renamed by temp', capacity: 80 });
    expect((await call('member', 'PUT', url, edit)).statusCode).toBe(403);
    expect((await call('anonymous', 'PUT', url, edit)).statusCode).toBe(401);
  });

  it('lets only admins delete and cancel', async () => {
    const event = await created();
    const url = `/api/eventupdatedelete/${event.id}`;
    expect((await call('temp', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('member', 'DELETE', url)).statusCode).toBe(403);
    const cancel = `/api/event/${event.id}/cancel`;
    expect((await call('temp', 'POST', cancel, {})).statusCode).toBe(403);
    expect((await call('member', 'POST', cancel, {})).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', url)).statusCode).toBe(200);
    const other = await created();
    expect((await call('super', 'POST', `/api/event/${other.id}/cancel`, {})).statusCode).toBe(200);
  });
});

describe('POST /api/event', () => {
  it('stores the fields and answers them in the spec names, money as decimals', async () => {
    const response = await call(
      'admin',
      'POST',
      '/api/event',
      eventBody({ eventName: 'Holi 2027' }),
    );
    expect(response.statusCode).toBe(201);
    const { event } = response.json() as { event: TEvent };
    expect(event).toMatchObject({
      eventName: 'Holi 2027',
      eventTime: '19:30',
      memberPrice: '10.00',
      nonMemberPrice: '15.50',
      tablePrice: '150.00',
      capacity: 120,
      seatsLeft: 120,
      eventImage: null,
      status: 'scheduled',
    });
    const read = await t.app.inject({ url: `/api/event/${event.id}` });
    expect(read.json()).toEqual(event);
  });

  it('refuses a malformed date or time with 400 VALIDATION naming the field', async () => {
    const response = await call(
      'admin',
      'POST',
      '/api/event',
      eventBody({ eventDate: '22/11/2026' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.json().error.fields.eventDate).toBe('A date such as 2026-11-22.');
    const time = await call('admin', 'POST', '/api/event', eventBody({ eventTime: '7pm' }));
    expect(Object.keys(time.json().error.fields)).toEqual(['eventTime']);
    const price = await call('admin', 'POST', '/api/event', eventBody({ memberPrice: '-3' }));
    expect(price.json().error.fields.memberPrice).toMatch(/at least 0/);
  });

  it('refuses a date already past', async () => {
    const response = await call(
      'admin',
      'POST',
      '/api/event',
      eventBody({ eventDate: addDays(today(t), -1) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.eventDate).toBe('The event date cannot be in the past.');
  });

  it('takes multipart with an image, resized and served from its URL with width and height', async () => {
    const response = await multipart('temp', 'POST', '/api/event', eventBody(), {
      bytes: await photo(),
      name: 'poster.png',
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { event } = response.json() as { event: TEvent };
    expect(event.eventImage).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}\/card$/);
    expect(event.capacity).toBe(120);
    const image = await t.app.inject({ url: event.eventImage as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('immutable');
    const size = await sharp(image.rawPayload).metadata();
    expect(size.width).toBe(800);
    expect(size.height).toBe(400);
    const listed = (await t.app.inject({ url: '/api/event' })).json() as TEvent[];
    expect(listed.find((row) => row.id === event.id)?.eventImage).toBe(event.eventImage);
  });

  it('refuses a script renamed .png with 415 and creates nothing', async () => {
    const before = await t.database.db.select({ id: events.id }).from(events);
    const response = await multipart('admin', 'POST', '/api/event', eventBody(), {
      bytes: Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'),
      name: 'x.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await t.database.db.select({ id: events.id }).from(events)).toHaveLength(before.length);
  });
});

describe('PUT /api/eventupdatedelete/:id', () => {
  it('refuses a capacity below the seats sold or held, saying how many are taken', async () => {
    const event = await created('admin', { capacity: 20 });
    await buyNonMemberTickets(t, event.id, 5);
    await startCheckout(t, nonMemberCheckout(event.id, 3));
    const url = `/api/eventupdatedelete/${event.id}`;
    const refused = await call('temp', 'PUT', url, eventBody({ capacity: 7 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(capacityBelowTakenMessage(8));
    expect(refused.json().error.message).toBe(
      'Capacity cannot be below the 8 seats already sold or held.',
    );
    expect(refused.json().error.fields.capacity).toBeDefined();
    const fits = await call('temp', 'PUT', url, eventBody({ capacity: 8 }));
    expect(fits.statusCode).toBe(200);
    expect(fits.json().event.seatsLeft).toBe(0);
  });

  it('replaces the image with a new upload, keeps it when none is sent, removes it on null', async () => {
    const first = await multipart('admin', 'POST', '/api/event', eventBody(), {
      bytes: await photo(),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    const event = first.json().event as TEvent;
    const url = `/api/eventupdatedelete/${event.id}`;
    const kept = await call('admin', 'PUT', url, eventBody({ eventName: 'Kept image' }));
    expect(kept.json().event.eventImage).toBe(event.eventImage);
    const replaced = await multipart('admin', 'PUT', url, eventBody(), {
      bytes: await photo(),
      name: 'b.png',
      type: 'image/png',
    });
    const next = replaced.json().event.eventImage as string;
    expect(next).not.toBe(event.eventImage);
    expect((await t.app.inject({ url: event.eventImage as string })).statusCode).toBe(404);
    const removed = await call('admin', 'PUT', url, eventBody({ eventImage: null }));
    expect(removed.json().event.eventImage).toBeNull();
    expect((await t.app.inject({ url: next })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown event', async () => {
    expect(
      (await call('admin', 'PUT', '/api/eventupdatedelete/987654', eventBody())).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/eventupdatedelete/:id', () => {
  it('refuses with 409 once a payment was confirmed, pointing to Cancel', async () => {
    const event = await created();
    await buyNonMemberTickets(t, event.id, 1);
    const response = await call('admin', 'DELETE', `/api/eventupdatedelete/${event.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(EVENT_HAS_PAYMENTS_MESSAGE);
    expect(response.json().error.message).toMatch(/Cancel it instead/);
  });

  it('deletes an event with only lapsed checkouts, which keep their rows and the event name', async () => {
    const event = await created();
    const lapsed = await startCheckout(t, nonMemberCheckout(event.id, 2));
    t.clock.advance(31 * 60_000);
    const open = await startCheckout(t, nonMemberCheckout(event.id, 1));
    const response = await call('super', 'DELETE', `/api/eventupdatedelete/${event.id}`);
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/event/${event.id}` })).statusCode).toBe(404);
    const row = await paymentRow(t, lapsed);
    expect(row.eventId).toBe(event.id);
    const [kept] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(kept.name).toBe(event.eventName);
    // The checkout still open when the event went can no longer be paid
    expect((await payMock(t, open)).statusCode).not.toBe(200);
    expect((await checkout(t, nonMemberCheckout(event.id, 1))).statusCode).toBe(409);
    expect((await call('admin', 'DELETE', `/api/eventupdatedelete/${event.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/event/:id/cancel', () => {
  it('takes the event off sale, mails each buyer once and lists who paid what', async () => {
    const event = await created('admin', { capacity: 50 });
    // One buyer makes two purchases: one mail lists both
    await buyNonMemberTickets(t, event.id, 2, { buyer: BUYER });
    await buyNonMemberTickets(t, event.id, 3, { buyer: BUYER });
    const table = await startCheckout(t, {
      kind: 'table-for-10',
      eventid: event.id,
      buyer: { ...BUYER, email: 'table.buyer@example.net' },
      member_adult: 10,
      member_kids5: 0,
      member_kids613: 0,
    });
    await payMock(t, table);
    const pending = await startCheckout(t, nonMemberCheckout(event.id, 1));

    const response = await call('admin', 'POST', `/api/event/${event.id}/cancel`, {
      note: 'The hall flooded.',
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as TEventCancelled;
    expect(answer.event.status).toBe('cancelled');
    expect(answer.buyers).toHaveLength(3);
    expect(answer.buyers.map((buyer) => buyer.amount).sort()).toEqual(['150.00', '31.00', '46.50']);
    expect(answer.total).toBe('227.50');
    expect(answer.mailed).toBe(2);

    const toBuyer = await outboxTo(t, BUYER.email);
    const cancelMails = toBuyer.filter(
      (mail) => mail.dedupeKey === cancellationDedupeKey(event.id, BUYER.email),
    );
    expect(cancelMails).toHaveLength(1);
    expect(cancelMails[0].textBody).toContain('The hall flooded.');
    expect(cancelMails[0].textBody).toContain('$31.00');
    expect(cancelMails[0].textBody).toContain('$46.50');
    expect(await outboxTo(t, 'table.buyer@example.net')).toHaveLength(2); // receipt + cancellation

    const again = await call('admin', 'POST', `/api/event/${event.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    const all = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, cancellationDedupeKey(event.id, BUYER.email)));
    expect(all).toHaveLength(1);

    const lists = (await t.app.inject({ url: '/api/event' })).json() as TEvent[];
    expect(lists.some((row) => row.id === event.id)).toBe(false);
    expect((await t.app.inject({ url: `/api/event/${event.id}` })).json().status).toBe('cancelled');
    expect((await checkout(t, nonMemberCheckout(event.id, 1))).statusCode).toBe(409);
    expect((await payMock(t, pending)).statusCode).not.toBe(200);
    expect((await paymentRow(t, pending)).status).not.toBe('payment done');

    const buyers = await call('admin', 'GET', `/api/event/${event.id}/buyers`);
    expect(buyers.json().buyers).toHaveLength(3);
    expect((await call('temp', 'GET', `/api/event/${event.id}/buyers`)).statusCode).toBe(403);
    expect(
      (await call('admin', 'PUT', `/api/eventupdatedelete/${event.id}`, eventBody())).statusCode,
    ).toBe(409);
  });
});

describe('audit', () => {
  it('logs create, edit, delete and cancel with the acting admin', async () => {
    const event = await created('temp', { eventName: 'Audited evening' });
    await call(
      'temp',
      'PUT',
      `/api/eventupdatedelete/${event.id}`,
      eventBody({ eventName: 'Audited evening 2' }),
    );
    await call('admin', 'POST', `/api/event/${event.id}/cancel`, {});
    const other = await created('admin', { eventName: 'Audited gone' });
    await call('admin', 'DELETE', `/api/eventupdatedelete/${other.id}`);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .orderBy(desc(auditLogs.id))
      .limit(5);
    const messages = entries.map((entry) => entry.loggerMessage).reverse();
    expect(messages.slice(-5)).toEqual([
      expect.stringMatching(new RegExp(`^Created event ${event.id} "Audited evening"`)),
      expect.stringMatching(new RegExp(`^Updated event ${event.id} "Audited evening 2"`)),
      expect.stringMatching(new RegExp(`^Cancelled event ${event.id}`)),
      expect.stringMatching(new RegExp(`^Created event ${other.id}`)),
      expect.stringMatching(new RegExp(`^Deleted event ${other.id}`)),
    ]);
    expect(entries[4].userType).toBe('Temp Admin');
    expect(entries[0].userType).toBe('Global Admin');
  });
});

describe('GET /api/eventadmin', () => {
  it('lists past, cancelled and coming events with seats sold and held, searched by name', async () => {
    const name = `Kite Day ${Math.random().toString(36).slice(2, 7)}`;
    const event = await created('admin', { eventName: name, capacity: 40 });
    await buyNonMemberTickets(t, event.id, 4);
    await startCheckout(t, nonMemberCheckout(event.id, 2));
    const page = (
      await call('temp', 'GET', `/api/eventadmin?search=${encodeURIComponent(name.toUpperCase())}`)
    ).json() as TManagedEventPage;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: event.id, sold: 4, held: 2, seatsLeft: 34 });

    const past = (
      await call('admin', 'GET', '/api/eventadmin?when=past&pageSize=50')
    ).json() as TManagedEventPage;
    expect(past.total).toBeGreaterThan(0);
    expect(past.items.every((row) => row.eventDate < today(t))).toBe(true);

    const wildcard = (
      await call('admin', 'GET', '/api/eventadmin?search=%25')
    ).json() as TManagedEventPage;
    expect(wildcard.total).toBe(0);
    expect((await call('member', 'GET', '/api/eventadmin')).statusCode).toBe(403);
  });

  it('leaves deleted events out and keeps cancelled ones', async () => {
    const gone = await created('admin', { eventName: 'Deleted listing check' });
    await call('admin', 'DELETE', `/api/eventupdatedelete/${gone.id}`);
    const cancelled = await created('admin', { eventName: 'Cancelled listing check' });
    await call('admin', 'POST', `/api/event/${cancelled.id}/cancel`, {});
    const page = (
      await call('admin', 'GET', '/api/eventadmin?search=listing check')
    ).json() as TManagedEventPage;
    expect(page.items.map((row) => row.id)).toEqual([cancelled.id]);
    expect(page.items[0].cancelledAt).not.toBeNull();
  });
});

describe('POST /api/nonmember/paydata', () => {
  it('quotes exactly what checkout then charges, tickets and table, holding nothing', async () => {
    const event = await createEvent(t, {
      nonMemberPriceCents: 1575,
      tablePriceCents: 14999,
      capacity: 30,
    });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paydata',
      payload: { kind: 'nonmember-ticket', eventid: event.id, ticket: 3 },
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      amount: '47.25',
      unitPrice: '15.75',
      seats: 3,
      seatsLeft: 30,
      fits: true,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paydata',
      payload: { kind: 'nonmember-ticket', eventid: event.id, ticket: 3 },
    });
    expect(again.json().seatsLeft).toBe(30);
    const charged = await checkout(t, nonMemberCheckout(event.id, 3));
    expect(charged.json().amount).toBe(quote.json().amount);

    const tableQuote = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paydata',
      payload: { kind: 'table-for-10', eventid: event.id },
    });
    const tableCharged = await checkout(t, {
      kind: 'table-for-10',
      eventid: event.id,
      buyer: BUYER,
      member_adult: 10,
      member_kids5: 0,
      member_kids613: 0,
    });
    expect(tableQuote.json()).toMatchObject({
      amount: '149.99',
      seats: 10,
      seatsLeft: 27,
      fits: true,
    });
    expect(tableCharged.json().amount).toBe(tableQuote.json().amount);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, tableCharged.json().transactionID));
    expect(row.amountCents).toBe(14999);
  });

  it('says when the seats asked for do not fit, and refuses an event off sale', async () => {
    const event = await createEvent(t, { capacity: 2 });
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paydata',
      payload: { kind: 'nonmember-ticket', eventid: event.id, ticket: 3 },
    });
    expect(tooMany.json()).toMatchObject({ fits: false, seatsLeft: 2 });
    const past = await createEvent(t, { eventDate: addDays(today(t), -2) });
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paydata',
      payload: { kind: 'nonmember-ticket', eventid: past.id, ticket: 1 },
    });
    expect(over.statusCode).toBe(409);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/nonmember/paydata',
      payload: { kind: 'nonmember-ticket', eventid: event.id },
    });
    expect(malformed.statusCode).toBe(400);
  });
});
