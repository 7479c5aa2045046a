/**
 * Offline payments (issue 15; DESIGN §3c: global admins and super users record them, temporary
 * admins only see them). Through HTTP on the seeded app: the purchase is priced and fulfilled by
 * its checkout kind, confirmed at once, receipted, audited and reported as cash or cheque.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, like, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEQUE_NUMBER_REQUIRED_MESSAGE } from '../../../domain/contracts/offline-payments';
import type { TPlan } from '../../../domain/contracts/plans';
import {
  auditLogs,
  mailOutbox,
  members,
  nonMemberBuyers,
  payments,
  refunds,
} from '../../db/schema';
import { refundDedupeKey } from './refund.service';
import type { TTestApp } from '../../test/test-app';
import { bearer, tokenOf } from '../auth/auth-test-kit';
import {
  familyRecord,
  openMembershipApp,
  registrationBody,
} from '../membership-kinds/checkout-test-kit';
import {
  createEvent,
  newBuyer,
  paymentRow,
  receiptsOf,
  ticketsOf,
  today,
} from './payments-test-kit';

let t: TTestApp;
let admin: string;
let temp: string;
let member: string;
let superUser: string;
let ownId: number;
let gm: TPlan;

beforeAll(async () => {
  ({ t, admin, temp, member, ownId, gm } = await openMembershipApp());
  superUser = await tokenOf(t, 'super');
});
afterAll(() => t?.close());

function record(payload: object, token: string | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/offline',
    headers: token ? bearer(token) : {},
    payload,
  });
}

async function paymentCount(): Promise<number> {
  return (await t.database.db.select({ id: payments.id }).from(payments)).length;
}

/** Another family than the demo one, its membership lapsed so a renewal is for sale. */
async function lapsedMember(): Promise<number> {
  const [other] = await t.database.db
    .select()
    .from(members)
    .where(ne(members.id, ownId))
    .orderBy(asc(members.id))
    .limit(1);
  await t.database.db
    .update(members)
    .set({ planId: gm.id, isActive: true, validityFrom: '2024-01-01', validityTo: '2024-12-31' })
    .where(eq(members.id, other.id));
  return other.id;
}

describe('who may record an offline payment (DESIGN §3c)', () => {
  it('refuses temporary admins (403), members (403) and visitors (401), and keeps nothing', async () => {
    const event = await createEvent(t);
    const body = {
      method: 'cash',
      purchase: { kind: 'member-ticket', eventid: event.id, memberid: ownId, ticket: 1 },
    };
    const before = await paymentCount();
    const byTemp = await record(body, temp);
    expect(byTemp.statusCode).toBe(403);
    expect(byTemp.json().error.code).toBe('FORBIDDEN');
    expect((await record(body, member)).statusCode).toBe(403);
    expect((await record(body, null)).statusCode).toBe(401);
    expect(await paymentCount()).toBe(before);
  });

  it('lets a super user record one', async () => {
    const event = await createEvent(t);
    const response = await record(
      {
        method: 'cash',
        purchase: { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: newBuyer() },
      },
      superUser,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment).toMatchObject({ status: 'payment done', method: 'cash' });
  });
});

describe('what an offline payment must name', () => {
  it('refuses a cheque without its number, naming the field', async () => {
    const event = await createEvent(t);
    const before = await paymentCount();
    for (const chequeNumber of [undefined, '', '   ']) {
      const response = await record({
        method: 'cheque',
        chequeNumber,
        purchase: { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: newBuyer() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION');
      expect(response.json().error.fields).toMatchObject({
        chequeNumber: CHEQUE_NUMBER_REQUIRED_MESSAGE,
      });
    }
    expect(await paymentCount()).toBe(before);
  });

  it('refuses an unknown method, and keeps no number for cash', async () => {
    const event = await createEvent(t);
    const purchase = { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: newBuyer() };
    expect((await record({ method: 'card', purchase })).statusCode).toBe(400);
    const cash = await record({ method: 'cash', chequeNumber: '991', purchase });
    expect(cash.statusCode).toBe(200);
    expect(cash.json().payment).toMatchObject({ method: 'cash', chequeNumber: null });
    const row = await paymentRow(t, cash.json().transactionID);
    expect(row).toMatchObject({ provider: 'offline', offlineMethod: 'cash', chequeNumber: null });
  });

  it('prices the purchase itself: an amount sent along is ignored', async () => {
    const event = await createEvent(t);
    const response = await record({
      method: 'cash',
      amount: '0.01',
      purchase: {
        kind: 'nonmember-ticket',
        eventid: event.id,
        ticket: 2,
        price: 1,
        buyer: newBuyer(),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe('30.00');
  });
});

describe('the amount to collect, before recording', () => {
  it('is priced like the checkout, keeps nothing, and is for admins only', async () => {
    const event = await createEvent(t, { capacity: 3 });
    const purchase = { kind: 'nonmember-ticket', eventid: event.id, ticket: 2, buyer: newBuyer() };
    const quote = (token: string | null, body: object = { purchase }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/offline/quote',
        headers: token ? bearer(token) : {},
        payload: body,
      });
    const before = await paymentCount();
    const answer = await quote(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ amount: '30.00', email: purchase.buyer.email });
    expect(await paymentCount()).toBe(before);
    expect((await quote(temp)).statusCode).toBe(403);
    expect((await quote(null)).statusCode).toBe(401);
    const tooMany = await quote(admin, { purchase: { ...purchase, ticket: 4 } });
    expect(tooMany.statusCode).toBe(409);
  });
});

describe('a renewal paid in cash', () => {
  it("moves the membership to the plan's period, with the card payment's records", async () => {
    const memberId = await lapsedMember();
    const response = await record({
      method: 'cash',
      purchase: { kind: 'renewal', memberid: memberId, planId: gm.id, dependents: 0 },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.amount).toBe('77.25');
    expect(answer.payment).toMatchObject({
      status: 'payment done',
      kind: 'renewal',
      description: 'renew payment',
      memberid: memberId,
      method: 'cash',
      chequeNumber: null,
    });
    const [renewed] = await t.database.db.select().from(members).where(eq(members.id, memberId));
    expect(renewed).toMatchObject({
      isActive: true,
      validityFrom: gm.validityFrom,
      validityTo: gm.validityTo,
    });
    expect(await receiptsOf(t, answer.transactionID)).toHaveLength(1);

    // In the member's payment history, as staff and temporary admins see it
    const history = await t.app.inject({
      url: `/api/nonmember/paymentmemberinformation?memberid=${memberId}`,
      headers: bearer(temp),
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().items[0]).toMatchObject({
      transactionID: answer.transactionID,
      method: 'cash',
    });
  });
});

describe('a registration paid in cash', () => {
  it('creates the active family with its FamilyPlanId, as a card payment would', async () => {
    const email = `offline.join.${Date.now()}@example.org`;
    const response = await record({ method: 'cash', purchase: registrationBody(gm.id, email) });
    expect(response.statusCode).toBe(200);
    expect(response.json().payment).toMatchObject({
      kind: 'registration',
      description: 'initial payment',
      method: 'cash',
    });
    const [joined] = await t.database.db.select().from(members).where(eq(members.email, email));
    expect(joined).toMatchObject({ isActive: true, dependentsPaid: 2 });
    expect(joined.familyPlanId).toMatch(/^GM\d{4}$/);
    expect(await receiptsOf(t, response.json().transactionID)).toHaveLength(1);
  });
});

describe('extra dependents paid by cheque', () => {
  it('adds the dependents and says the cheque on the receipt and in the audit log', async () => {
    const before = await familyRecord(t, admin, ownId);
    const free = Array.from({ length: 6 }, (_, i) => i + 1).find(
      (slot) => !(before as Record<string, unknown>)[`dependname${slot}`],
    );
    const response = await record({
      method: 'cheque',
      chequeNumber: ' 004512 ',
      purchase: {
        kind: 'dependents',
        memberid: ownId,
        dependents: [{ name: 'Kiran Patel', dateOfBirth: '2020-02-02' }],
      },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.payment).toMatchObject({
      kind: 'dependents',
      method: 'cheque',
      chequeNumber: '004512',
      description: 'dependent payment',
    });
    const after = await familyRecord(t, admin, ownId);
    expect((after as Record<string, unknown>)[`dependname${free}`]).toBe('Kiran Patel');

    const [receipt] = await receiptsOf(t, answer.transactionID);
    expect(receipt.textBody).toContain('Cheque no. 004512');
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.loggerMessage, `Offline payment ${answer.transactionID}%`));
    expect(entries).toHaveLength(1);
    expect(entries[0].loggerMessage).toContain('recorded by admin@example.org');
    expect(entries[0].loggerMessage).toContain('cheque no. 004512');
  });
});

describe('tickets paid offline', () => {
  it('issues a door code that checks in, with its receipt', async () => {
    const event = await createEvent(t);
    const response = await record({
      method: 'cheque',
      chequeNumber: '7788',
      purchase: { kind: 'member-ticket', eventid: event.id, memberid: ownId, ticket: 2 },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.amount).toBe('20.00');
    expect(answer.payment.ticketCode).toEqual(expect.any(String));
    const [ticket] = await ticketsOf(t, answer.payment.id);
    expect(ticket).toMatchObject({ code: answer.payment.ticketCode, seats: 2 });
    const [receipt] = await receiptsOf(t, answer.transactionID);
    expect(receipt.textBody).toContain(ticket.code);

    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/${event.id}`,
      headers: bearer(temp),
      payload: { code: ticket.code, requestId: randomUUID() },
    });
    expect(scan.statusCode).toBe(200);
    expect(scan.json().outcome).toBe('checked-in');
  });

  it('sells a table for 10 to a non-member, who is kept as the buyer', async () => {
    const event = await createEvent(t);
    const buyer = newBuyer();
    const response = await record({
      method: 'cash',
      purchase: {
        kind: 'table-for-10',
        eventid: event.id,
        buyer,
        member_adult: 6,
        member_kids5: 2,
        member_kids613: 2,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ amount: '120.00' });
    expect(response.json().payment).toMatchObject({ dependent: 10, method: 'cash' });
    const row = await paymentRow(t, response.json().transactionID);
    const [stored] = await t.database.db
      .select()
      .from(nonMemberBuyers)
      .where(eq(nonMemberBuyers.id, row.nonMemberId ?? -1));
    expect(stored).toMatchObject({
      firstName: buyer.fname,
      lastName: buyer.lname,
      email: buyer.email,
    });
  });

  it('is refunded as money handed back: its own record, and the seats return', async () => {
    const event = await createEvent(t, { capacity: 2 });
    const sellBoth = () =>
      record({
        method: 'cash',
        purchase: { kind: 'nonmember-ticket', eventid: event.id, ticket: 2, buyer: newBuyer() },
      });
    const sold = await sellBoth();
    expect(sold.statusCode, sold.body).toBe(200);
    const { transactionID } = sold.json();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${transactionID}/refunds`,
      headers: bearer(admin),
      payload: { amount: sold.json().amount, reason: 'Could not come', requestKey: randomUUID() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().payment.status).toBe('refunded');
    const [given] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, (await paymentRow(t, transactionID)).id));
    expect(given.providerRefundId).toMatch(/^offline_/);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, refundDedupeKey(given.id)));
    expect(mail.textBody).toContain('gives the money back to you in hand');
    expect((await sellBoth()).statusCode).toBe(200);
  });

  it('refuses with CONFLICT more tickets than the seats left, keeping nothing', async () => {
    const event = await createEvent(t, { capacity: 3 });
    const before = await paymentCount();
    const response = await record({
      method: 'cash',
      purchase: { kind: 'nonmember-ticket', eventid: event.id, ticket: 4, buyer: newBuyer() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
    expect(await paymentCount()).toBe(before);
  });

  it("refuses with CONFLICT member tickets beyond the family's allowance", async () => {
    const event = await createEvent(t);
    const response = await record({
      method: 'cash',
      purchase: { kind: 'member-ticket', eventid: event.id, memberid: ownId, ticket: 9 },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('offline payments in the reports', () => {
  it('shows them with their method and cheque number, on the screen and in the spreadsheet', async () => {
    const event = await createEvent(t);
    const response = await record({
      method: 'cheque',
      chequeNumber: 'CHQ-3141',
      purchase: { kind: 'nonmember-ticket', eventid: event.id, ticket: 1, buyer: newBuyer() },
    });
    const transactionID = response.json().transactionID;
    const range = { startDate: today(t), endDate: today(t) };
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/ticketreport',
      headers: bearer(temp),
      payload: range,
    });
    const row = report
      .json()
      .success.find((r: { transactionID: string }) => r.transactionID === transactionID);
    expect(row).toMatchObject({ method: 'cheque', chequeNumber: 'CHQ-3141', price: '15.00' });

    const members = await t.app.inject({
      method: 'POST',
      url: '/api/memberreport',
      headers: bearer(temp),
      payload: range,
    });
    const methods = members.json().success.map((r: { method: string }) => r.method);
    expect(methods).toContain('cash');

    const download = await t.app.inject({
      url: `/api/ticketreportdownload/${range.startDate}/${range.endDate}`,
      headers: bearer(temp),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const paidBy = header.indexOf('Paid By') + 1;
    const lines: unknown[][] = [];
    sheet.eachRow((line) => lines.push((line.values as unknown[]).slice(1)));
    const line = lines.find((values) => values.includes(transactionID)) ?? [];
    expect(line[paidBy - 1]).toBe('Cheque CHQ-3141');
  });
});
