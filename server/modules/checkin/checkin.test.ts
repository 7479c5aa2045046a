/**
 * Door check-in (issue 9; DESIGN §3c: temporary admins and admins). Through HTTP on the seeded app.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES, type TCheckinResult } from '../../../domain/contracts/checkin';
import type { TManagedEventPage } from '../../../domain/contracts/events';
import { auditLogs, events, payments, tickets } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  bearer,
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  newBuyer,
  payMock,
  paymentRow,
  startCheckout,
  ticketsOf,
  tokenOf,
} from '../payments/payments-test-kit';

let t: TTestApp;
const tokens: Record<'temp' | 'admin' | 'super' | 'member', string> = {
  temp: '',
  admin: '',
  super: '',
  member: '',
};
type TCaller = keyof typeof tokens | 'anonymous';

beforeAll(async () => {
  t = await createSeededApp();
  for (const caller of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[caller] = await tokenOf(t, caller);
  }
});
afterAll(async () => {
  await t.close();
});

function scan(caller: TCaller, eventId: number, code: string, requestId: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/checkin/${eventId}`,
    headers: caller === 'anonymous' ? {} : bearer(tokens[caller]),
    payload: { code, requestId },
  });
}

/** A paid non-member purchase of `count` tickets; answers the event, its ticket and transaction. */
async function boughtTicket(count = 2, eventOverrides: Parameters<typeof createEvent>[1] = {}) {
  const event = await createEvent(t, eventOverrides);
  const transactionId = await buyNonMemberTickets(t, event.id, count);
  const [ticket] = await ticketsOf(t, (await paymentRow(t, transactionId)).id);
  return { event, ticket, transactionId };
}

describe('who may check tickets in (DESIGN §3c)', () => {
  it('lets temporary admins, admins and super users check in; refuses members and visitors', async () => {
    const { event, ticket } = await boughtTicket(1);
    expect((await scan('member', event.id, ticket.code)).statusCode).toBe(403);
    expect((await scan('anonymous', event.id, ticket.code)).statusCode).toBe(401);
    const [row] = await ticketsOf(t, ticket.paymentId);
    expect(row.checkedInAt).toBeNull();

    for (const caller of ['temp', 'admin', 'super'] as const) {
      const other = await boughtTicket(1);
      const response = await scan(caller, other.event.id, other.ticket.code);
      expect(response.statusCode).toBe(200);
      expect(response.json().outcome).toBe('checked-in');
    }
  });

  it('shows the check-in summary to staff only', async () => {
    const { event } = await boughtTicket(3);
    const get = (caller: TCaller) =>
      t.app.inject({
        method: 'GET',
        url: `/api/checkin/${event.id}`,
        headers: caller === 'anonymous' ? {} : bearer(tokens[caller]),
      });
    expect((await get('member')).statusCode).toBe(403);
    expect((await get('anonymous')).statusCode).toBe(401);
    const summary = await get('temp');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      eventId: event.id,
      eventName: event.name,
      arrived: 0,
      sold: 3,
    });
  });
});

describe('POST /api/checkin/:eventid', () => {
  it('checks a ticket in, showing the buyer, the kind and the seats, with an audit entry', async () => {
    const { event, ticket } = await boughtTicket(3);
    const response = await scan('admin', event.id, ticket.code);
    expect(response.statusCode).toBe(200);
    const result = response.json() as TCheckinResult;
    expect(result).toEqual({
      outcome: 'checked-in',
      ticket: {
        code: ticket.code,
        buyer: 'Asha Patel',
        kind: 'nonmember-ticket',
        seats: 3,
        checkedInAt: t.clock.now().toISOString(),
      },
    });
    const [row] = await ticketsOf(t, ticket.paymentId);
    expect(row.checkedInAt?.toISOString()).toBe(result.ticket.checkedInAt);
    expect(row.checkedInBy).toBeTruthy();
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.loggerMessage, `Checked in ticket ${ticket.code}%`));
    expect(entries).toHaveLength(1);
    expect(entries[0].loggerMessage).toContain(`event ${event.id}`);
  });

  it('answers a second check-in of the same code as already checked in, with the first time', async () => {
    const { event, ticket } = await boughtTicket(2);
    const first = await scan('admin', event.id, ticket.code);
    const firstAt = (first.json() as TCheckinResult).ticket.checkedInAt;
    t.clock.advance(25 * 60_000);

    const second = await scan('temp', event.id, ticket.code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      outcome: 'already-checked-in',
      ticket: { code: ticket.code, seats: 2, checkedInAt: firstAt },
    });
    const [row] = await ticketsOf(t, ticket.paymentId);
    expect(row.checkedInAt?.toISOString()).toBe(firstAt);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.loggerMessage, `Checked in ticket ${ticket.code}%`));
    expect(entries).toHaveLength(1);
  });

  it('answers a retry of the same scan (same requestId) as it answered the first time', async () => {
    const { event, ticket } = await boughtTicket(1);
    const requestId = randomUUID();
    const first = await scan('admin', event.id, ticket.code, requestId);
    t.clock.advance(5_000);
    const retry = await scan('admin', event.id, ticket.code, requestId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((retry.json() as TCheckinResult).outcome).toBe('checked-in');
  });

  it('lets exactly one of two simultaneous scans of one code check it in', async () => {
    const { event, ticket } = await boughtTicket(1);
    const answers = await Promise.all([
      scan('admin', event.id, ticket.code),
      scan('temp', event.id, ticket.code),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([
      'already-checked-in',
      'checked-in',
    ]);
  });

  it('accepts the code typed in lower case, with spaces and without its dash', async () => {
    const { event, ticket } = await boughtTicket(1);
    const typed = ` ${ticket.code.replace('-', ' ').toLowerCase()} `;
    const response = await scan('admin', event.id, typed);
    expect(response.statusCode).toBe(200);
    expect(response.json().ticket.code).toBe(ticket.code);
  });

  it('counts a table for 10 as 10 seats of the table kind', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, {
      kind: 'table-for-10',
      eventid: event.id,
      buyer: newBuyer(),
      member_adult: 8,
      member_kids5: 1,
      member_kids613: 1,
    });
    expect((await payMock(t, transactionId)).statusCode).toBe(200);
    const [ticket] = await ticketsOf(t, (await paymentRow(t, transactionId)).id);
    const response = await scan('admin', event.id, ticket.code);
    expect(response.json().ticket).toMatchObject({ kind: 'table-for-10', seats: 10 });
  });

  it(`refuses a ticket of another event with "${CHECKIN_MESSAGES.otherEvent}"`, async () => {
    const { ticket } = await boughtTicket(1);
    const elsewhere = await createEvent(t);
    const response = await scan('admin', elsewhere.id, ticket.code);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(CHECKIN_MESSAGES.otherEvent);
    const [row] = await ticketsOf(t, ticket.paymentId);
    expect(row.checkedInAt).toBeNull();
  });

  it(`refuses an unknown code with "${CHECKIN_MESSAGES.unknown}", and a malformed one as invalid`, async () => {
    const event = await createEvent(t);
    const unknown = await scan('admin', event.id, 'ZZZZ-2222');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CHECKIN_MESSAGES.unknown);

    const malformed = await scan('admin', event.id, 'hello');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain(CHECKIN_MESSAGES.codeFormat);
  });

  it('refuses a ticket whose payment was refunded or cancelled', async () => {
    for (const status of ['refunded', 'cancelled'] as const) {
      const { event, ticket, transactionId } = await boughtTicket(1);
      await t.database.db
        .update(payments)
        .set({ status })
        .where(eq(payments.transactionId, transactionId));
      const response = await scan('admin', event.id, ticket.code);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(CHECKIN_MESSAGES.notPaid);
      const [row] = await ticketsOf(t, ticket.paymentId);
      expect(row.checkedInAt).toBeNull();
    }
  });

  it('refuses tickets of a cancelled event, and answers 404 for an event that does not exist', async () => {
    const { event, ticket } = await boughtTicket(1);
    await t.database.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, event.id));
    const cancelled = await scan('admin', event.id, ticket.code);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe(CHECKIN_MESSAGES.eventCancelled);

    expect((await scan('admin', 999_999, ticket.code)).statusCode).toBe(404);
  });
});

describe('arrived / sold on the manage-events list', () => {
  it('counts the seats checked in beside the seats sold, and drops a refunded ticket', async () => {
    const event = await createEvent(t, { name: `Arrivals ${randomUUID().slice(0, 8)}` });
    const bought = [];
    for (const count of [2, 3, 4]) {
      const transactionId = await buyNonMemberTickets(t, event.id, count);
      const [ticket] = await ticketsOf(t, (await paymentRow(t, transactionId)).id);
      bought.push({ transactionId, ticket });
    }
    const list = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/eventadmin?search=${encodeURIComponent(event.name)}`,
        headers: bearer(tokens.temp),
      });
      expect(response.statusCode).toBe(200);
      const [item] = (response.json() as TManagedEventPage).items;
      return { arrived: item.arrived, sold: item.sold };
    };
    expect(await list()).toEqual({ arrived: 0, sold: 9 });

    await scan('admin', event.id, bought[0].ticket.code);
    await scan('admin', event.id, bought[1].ticket.code);
    await scan('admin', event.id, bought[1].ticket.code);
    expect(await list()).toEqual({ arrived: 5, sold: 9 });

    await t.database.db
      .update(payments)
      .set({ status: 'refunded' })
      .where(eq(payments.transactionId, bought[1].transactionId));
    expect(await list()).toEqual({ arrived: 2, sold: 6 });
    const stamped = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.eventId, event.id)));
    expect(stamped.filter((row) => row.checkedInAt !== null)).toHaveLength(2);
  });
});
