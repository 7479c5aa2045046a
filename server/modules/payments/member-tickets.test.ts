import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, members } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  BUYER,
  checkout,
  createEvent,
  createSeededApp,
  demoMemberId,
  memberHeaders,
  otherActiveMemberId,
  paymentRow,
  payMock,
  staffHeaders,
  startCheckout,
  today,
} from './payments-test-kit';

let t: TTestApp;
let memberId: number;
let member: Record<string, string>;
let todaysEventId: number;
beforeAll(async () => {
  t = await createSeededApp();
  memberId = await demoMemberId(t);
  member = await memberHeaders(t);
  const [event] = await t.database.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.eventDate, today(t)), eq(events.status, 'scheduled')));
  todaysEventId = event.id;
});
afterAll(async () => {
  await t.close();
});

const memberTicket = (eventid: number, ticket: number, memberid = memberId) => ({
  kind: 'member-ticket',
  eventid,
  memberid,
  ticket,
});

describe('POST /api/checkout, member tickets', () => {
  it('sells a member their own family tickets at the member price, the description holding the event id', async () => {
    const event = await createEvent(t, { memberPriceCents: 1000 });
    const response = await checkout(t, memberTicket(event.id, 3), member);
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe('30.00');
    expect(response.json().checkoutUrl).toMatch(/^#\/checkout\/mock\/txn_/);
    const row = await paymentRow(t, response.json().transactionID);
    expect(row).toMatchObject({
      kind: 'member-ticket',
      memberId,
      email: 'member@example.org',
      productName: 'Gala Event Members Ticket',
      paymentType: 'Event',
      description: String(event.id),
      dependent: 3,
    });
  });

  it('is for members and staff only: anonymous 401, another member 403, staff for anyone', async () => {
    const event = await createEvent(t);
    const other = await otherActiveMemberId(t);
    expect((await checkout(t, memberTicket(event.id, 1))).statusCode).toBe(401);
    const foreign = await checkout(t, memberTicket(event.id, 1, other), member);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    const byStaff = await checkout(
      t,
      memberTicket(event.id, 1, other),
      await staffHeaders(t, 'temp'),
    );
    expect(byStaff.statusCode).toBe(200);
    expect((await paymentRow(t, byStaff.json().transactionID)).memberId).toBe(other);
  });

  it('limits the family to its headcount, counting confirmed tickets and open checkouts', async () => {
    const event = await createEvent(t);
    // member + spouse + two dependents
    expect((await checkout(t, memberTicket(event.id, 5), member)).json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Your family may buy 4 more member tickets for this event.',
    });
    const paid = await startCheckout(t, memberTicket(event.id, 2), member);
    expect((await payMock(t, paid)).statusCode).toBe(200);
    await startCheckout(t, memberTicket(event.id, 1), member);
    expect((await checkout(t, memberTicket(event.id, 2), member)).json().error.message).toBe(
      'Your family may buy 1 more member ticket for this event.',
    );
    expect((await checkout(t, memberTicket(event.id, 1), member)).statusCode).toBe(200);
    expect((await checkout(t, memberTicket(event.id, 1), member)).json().error.message).toBe(
      'Your family already holds a member ticket for everyone in it.',
    );
  });

  it('refuses a membership that is not active', async () => {
    const event = await createEvent(t);
    const other = await otherActiveMemberId(t);
    await t.database.db.update(members).set({ isActive: false }).where(eq(members.id, other));
    const response = await checkout(t, memberTicket(event.id, 1, other), await staffHeaders(t));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/not active/);
    await t.database.db.update(members).set({ isActive: true }).where(eq(members.id, other));
  });
});

describe('GET /api/nonmember/maxticket/:id/:memberid(/:date)', () => {
  it("answers the family's remaining allowance for today's event, where the demo family holds 2 seats", async () => {
    const response = await t.app.inject({
      url: `/api/nonmember/maxticket/${todaysEventId}/${memberId}`,
      headers: member,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      eventid: todaysEventId,
      memberid: memberId,
      headcount: 4,
      held: 2,
      maxticket: 2,
    });
  });

  it("checks the date is the event's", async () => {
    const ok = await t.app.inject({
      url: `/api/nonmember/maxticket/${todaysEventId}/${memberId}/${today(t)}`,
      headers: member,
    });
    expect(ok.json().maxticket).toBe(2);
    const wrong = await t.app.inject({
      url: `/api/nonmember/maxticket/${todaysEventId}/${memberId}/2001-01-01`,
      headers: member,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.date).toBeDefined();
  });

  it('is capped by the seats left', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const response = await t.app.inject({
      url: `/api/nonmember/maxticket/${event.id}/${memberId}`,
      headers: member,
    });
    expect(response.json()).toMatchObject({ headcount: 4, seatsLeft: 1, maxticket: 1 });
  });

  it("answers 401 anonymously and 403 for another member's family", async () => {
    const other = await otherActiveMemberId(t);
    expect(
      (await t.app.inject({ url: `/api/nonmember/maxticket/${todaysEventId}/${memberId}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: `/api/nonmember/maxticket/${todaysEventId}/${other}`,
          headers: member,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `/api/nonmember/maxticket/${todaysEventId}/${other}`,
          headers: await staffHeaders(t),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/tablecheckemail/:email', () => {
  it('counts the paid tables of an e-mail per event, whatever its case', async () => {
    const event = await createEvent(t);
    const url = (email: string, eventid: number) =>
      `/api/tablecheckemail/${encodeURIComponent(email)}?eventid=${eventid}`;
    expect((await t.app.inject({ url: url(BUYER.email, event.id) })).json()).toMatchObject({
      tables: 0,
      exists: false,
    });
    const transactionId = await startCheckout(t, {
      kind: 'table-for-10',
      eventid: event.id,
      buyer: BUYER,
      member_adult: 10,
      member_kids5: 0,
      member_kids613: 0,
    });
    // An unpaid table is not a table
    expect((await t.app.inject({ url: url(BUYER.email, event.id) })).json().tables).toBe(0);
    await payMock(t, transactionId);
    expect(
      (await t.app.inject({ url: url(BUYER.email.toUpperCase(), event.id) })).json(),
    ).toMatchObject({ tables: 1, exists: true });
    const elsewhere = await createEvent(t);
    expect((await t.app.inject({ url: url(BUYER.email, elsewhere.id) })).json().tables).toBe(0);
  });

  it('answers for the current event (the first dated today) without ?eventid=', async () => {
    const email = `table.${Math.random().toString(36).slice(2, 7)}@example.net`;
    const url = `/api/tablecheckemail/${encodeURIComponent(email)}`;
    const current = await createEvent(t, { eventDate: today(t), eventTime: '00:00' });
    expect((await t.app.inject({ url })).json()).toMatchObject({
      eventid: current.id,
      tables: 0,
    });
    await payMock(
      t,
      await startCheckout(t, {
        kind: 'table-for-10',
        eventid: current.id,
        buyer: { ...BUYER, email },
        member_adult: 10,
        member_kids5: 0,
        member_kids613: 0,
      }),
    );
    expect((await t.app.inject({ url })).json()).toMatchObject({
      eventid: current.id,
      tables: 1,
      exists: true,
    });
  });
});
