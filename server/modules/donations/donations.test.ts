/**
 * Issue 15, donations: a public gift of any amount paid through the checkout like everything else,
 * limited like every anonymous write, with a receipt fit for a tax deduction; the staff report and
 * spreadsheet; yearly statements sent once per donor and year by admins.
 */
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../../domain/constants';
import { DONATION_MESSAGES } from '../../../domain/contracts/donations';
import { UNPAID_HOLDS_LIMIT_MESSAGE } from '../../../domain/contracts/payments';
import { auditLogs, mailOutbox } from '../../db/schema';
import { readyAttachments } from '../mail/attachment-recipes';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import {
  checkout,
  createSeededApp,
  memberHeaders,
  paymentRow,
  payMock,
  receiptsOf,
  staffHeaders,
  startCheckout,
} from '../payments/payments-test-kit';
import { toCalendarDate } from '../../../domain/dates';

let t: TTestApp;
let admin: Record<string, string>;
let temp: Record<string, string>;
beforeAll(async () => {
  t = await createSeededApp();
  admin = await staffHeaders(t, 'admin');
  temp = await staffHeaders(t, 'temp');
});
afterAll(async () => {
  await t.close();
});

let donors = 0;
function donation(extra: Record<string, unknown> = {}) {
  donors += 1;
  return {
    kind: 'donation',
    amount: '50.00',
    dedication: 'In memory of Kanti Patel',
    donor: {
      fname: 'Meera',
      lname: 'Shah',
      email: `meera.shah+${donors}@example.net`,
      contact: '(312) 555-0142',
    },
    ...extra,
  };
}

async function donate(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  const transactionId = await startCheckout(t, payload, headers);
  const paid = await payMock(t, transactionId);
  expect(paid.statusCode, paid.body).toBe(200);
  return transactionId;
}

const today = () => toCalendarDate(t.clock.now(), t.config.timeZone);

describe('a donation through the checkout', () => {
  it('prices the gift from the body, with no service charge, and confirms it on the success screen', async () => {
    const response = await checkout(t, donation({ amount: '75.5' }));
    expect(response.statusCode, response.body).toBe(200);
    const { transactionID, amount, checkoutUrl } = response.json();
    expect(amount).toBe('75.50');
    expect(checkoutUrl).toBe(`#/checkout/mock/${transactionID}`);
    const pending = await paymentRow(t, transactionID);
    expect(pending).toMatchObject({
      kind: 'donation',
      status: 'pending',
      amountCents: 7550,
      serviceCents: 0,
      paymentType: 'Donation',
      memberName: 'Meera Shah',
      contact: '3125550142',
    });

    const paid = await payMock(t, transactionID);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().successUrl).toMatch(
      new RegExp(`^#/success/donation\\?email=.*&transaction_id=${transactionID}&amount=75.50$`),
    );
    const record = await t.app.inject({
      method: 'POST',
      url: '/api/donations/record',
      payload: { transactionID },
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({
      kind: 'donation',
      status: 'payment done',
      price: '75.50',
      productName: 'Donation',
    });
  });

  it('answers the record call 402 while the donation is not paid, and for another kind', async () => {
    const transactionID = await startCheckout(t, donation());
    const record = await t.app.inject({
      method: 'POST',
      url: '/api/donations/record',
      payload: { transactionID },
    });
    expect(record.statusCode).toBe(402);
  });

  it('mails a tax receipt: amount, date, the non-profit and its number, the dedication and "no goods or services"', async () => {
    const transactionId = await donate(donation({ amount: '120' }));
    const [receipt] = await receiptsOf(t, transactionId);
    expect(receipt.subject).toBe(`${t.config.orgName}: donation receipt ${transactionId}`);
    expect(receipt.textBody).toContain('Donation receipt');
    expect(receipt.textBody).toContain('Donation amount: $120.00');
    expect(receipt.textBody).toMatch(/Date: \w{3} \d{1,2} \d{4}, \d{1,2}:\d{2} [AP]M/);
    expect(receipt.textBody).toContain(`Non-profit organization: ${t.config.org.legalName}`);
    expect(receipt.textBody).toContain(`Tax registration number (EIN): ${t.config.org.taxId}`);
    expect(receipt.textBody).toContain('Dedication: In memory of Kanti Patel');
    expect(receipt.textBody).toContain(
      'No goods or services were provided in exchange for this contribution.',
    );
    expect(receipt.attachments[0]).toMatchObject({
      contentType: 'application/pdf',
      recipe: { kind: 'receipt-pdf', doorCode: null },
    });
    // The PDF copy renders from the same lines when the outbox sends the mail
    const [pdf] = await readyAttachments(receipt.attachments);
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("writes the receipt in the donor's language", async () => {
    const transactionId = await startCheckout(t, donation(), { 'accept-language': 'fr' });
    await payMock(t, transactionId);
    const [receipt] = await receiptsOf(t, transactionId);
    expect(receipt.textBody).toContain('Reçu de don');
    expect(receipt.textBody).toContain(
      "Aucun bien ni service n'a été fourni en échange de cette contribution.",
    );
  });

  it('leaves the dedication and the phone out when none is given', async () => {
    const payload = donation({ dedication: '' });
    (payload.donor as Record<string, unknown>).contact = '';
    const transactionId = await donate(payload);
    const [receipt] = await receiptsOf(t, transactionId);
    expect(receipt.textBody).not.toContain('Dedication');
    expect((await paymentRow(t, transactionId)).contact).toBeNull();
  });

  it.each([
    ['0.99', DONATION_MESSAGES.amountMin],
    ['0', DONATION_MESSAGES.amountMin],
    ['100000.01', DONATION_MESSAGES.amountMax],
    ['-5', DONATION_MESSAGES.amount],
    ['12.345', DONATION_MESSAGES.amount],
    ['ten', DONATION_MESSAGES.amount],
  ])('refuses the amount %s with "%s"', async (amount, message) => {
    const response = await checkout(t, donation({ amount }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { amount: message },
    });
  });

  it('refuses a dedication over 200 characters, a bad e-mail and a missing name with field errors', async () => {
    const payload = donation({ dedication: 'x'.repeat(201) });
    payload.donor = { fname: '', lname: '', email: 'nope', contact: '' };
    const response = await checkout(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      dedication: DONATION_MESSAGES.dedication,
      'donor.fname': 'First name is required',
      'donor.email': 'Email is not Valid.',
    });
  });

  it('limits one address like every anonymous checkout: open donations count against its holds', async () => {
    const visitor = nextClientAddress();
    const limit = ANONYMOUS_LIMITS.unpaidHolds.checkoutsPerClient;
    for (let i = 0; i < limit; i++)
      expect((await checkout(t, donation(), {}, visitor)).statusCode).toBe(200);
    const refused = await checkout(t, donation(), {}, visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: UNPAID_HOLDS_LIMIT_MESSAGE,
    });
  });

  it("puts a signed-in member's gift in their payment history", async () => {
    const transactionId = await donate(donation(), await memberHeaders(t));
    expect((await paymentRow(t, transactionId)).memberId).not.toBeNull();
  });
});

function refund(transactionId: string, amount: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${transactionId}/refunds`,
    headers: admin,
    payload: { amount, reason: 'Given twice by mistake', requestKey: `key-${transactionId}` },
  });
}

describe('the donation report', () => {
  it('shows a gift refunded in part as gross, refunded and net, and one refunded in full at net zero', async () => {
    const part = await donate(donation({ amount: '80.00' }));
    const whole = await donate(donation({ amount: '15.00' }));
    expect((await refund(part, '30.00')).statusCode).toBe(200);
    expect((await refund(whole, '15.00')).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donationreport',
      headers: temp,
      payload: { startDate: today(), endDate: today() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows: { transactionID: string }[] = response.json().success;
    expect(rows.find((row) => row.transactionID === part)).toMatchObject({
      price: '80.00',
      refunded: '30.00',
      net: '50.00',
      refundState: 'partial',
    });
    expect(rows.find((row) => row.transactionID === whole)).toMatchObject({
      price: '15.00',
      refunded: '15.00',
      net: '0.00',
      refundState: 'full',
    });
  });

  it('lists confirmed donations of the range with their total, for temporary admins too', async () => {
    const first = await donate(donation({ amount: '10.00' }));
    const second = await donate(donation({ amount: '15.25', dedication: '' }));
    const unpaid = await startCheckout(t, donation({ amount: '999' }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donationreport',
      headers: temp,
      payload: { startDate: today(), endDate: today() },
    });
    expect(response.statusCode).toBe(200);
    const { success, total } = response.json() as {
      success: Array<{ transactionID: string; price: string; dedication: string }>;
      total: string;
    };
    const ids = success.map((row) => row.transactionID);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain(unpaid);
    expect(success.find((row) => row.transactionID === first)).toMatchObject({
      price: '10.00',
      dedication: 'In memory of Kanti Patel',
    });
    const sum = success.reduce((cents, row) => cents + Math.round(Number(row.price) * 100), 0);
    expect(Math.round(Number(total) * 100)).toBe(sum);
  });

  it('refuses members', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donationreport',
      headers: await memberHeaders(t),
      payload: { startDate: today(), endDate: today() },
    });
    expect(response.statusCode).toBe(403);
  });

  it('downloads the spreadsheet: a row per gift, gross, and the total under them', async () => {
    const response = await t.app.inject({
      url: `/api/donationreportdownload/${today()}/${today()}`,
      headers: temp,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="donation-report-${today()}-to-${today()}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Donor',
      'Email',
      'Phone',
      'Dedication',
      'Transaction Id',
      'Gross',
      'Created Date',
      'Refunded',
      'Net',
    ]);
    const gifts = rows.slice(1, -1);
    expect(gifts.length).toBeGreaterThan(1);
    const last = rows[rows.length - 1];
    expect(last[0]).toBe('Total');
    const sum = gifts.reduce<number>((cents, row) => cents + Math.round(Number(row[5]) * 100), 0);
    expect(Math.round(Number(last[5]) * 100)).toBe(sum);
  });
});

describe('yearly statements', () => {
  const year = () => Number(today().slice(0, 4));
  const statementsOf = (email: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          like(mailOutbox.dedupeKey, `donation-statement:${year()}:%`),
          eq(mailOutbox.toAddress, email),
        ),
      );

  it('mails every donor of the year one statement with all their gifts and the total, once', async () => {
    const giver = donation({ amount: '20.00' });
    const email = (giver.donor as { email: string }).email;
    await donate(giver);
    const second = await donate({
      ...donation({ amount: '40.00', dedication: '' }),
      donor: giver.donor,
    });
    // Part of the second gift is given back: the statement counts what the donor kept, $30.00
    expect((await refund(second, '10.00')).statusCode).toBe(200);

    const preview = await t.app.inject({
      url: `/api/donations/statements/${year()}`,
      headers: admin,
    });
    expect(preview.statusCode).toBe(200);
    const { donors } = preview.json();
    expect(donors).toBeGreaterThan(1);
    expect(preview.json().alreadySent).toBe(0);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/donations/statements',
      headers: admin,
      payload: { year: year() },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ year: year(), donors, sent: donors, alreadySent: 0 });
    const [statement] = await statementsOf(email);
    expect(statement.subject).toBe(`${t.config.orgName}: your donation statement for ${year()}`);
    expect(statement.textBody).toContain('Total donated: $50.00');
    expect(statement.textBody).toContain('$20.00 (In memory of Kanti Patel)');
    expect(statement.textBody).toContain(`Tax registration number (EIN): ${t.config.org.taxId}`);
    expect(statement.textBody).toContain(
      'No goods or services were provided in exchange for this contribution.',
    );

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/donations/statements',
      headers: await staffHeaders(t, 'super'),
      payload: { year: year() },
    });
    expect(again.json()).toEqual({ year: year(), donors, sent: 0, alreadySent: donors });
    expect(await statementsOf(email)).toHaveLength(1);

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.loggerMessage, `Yearly donation statements for ${year()}%`));
    expect(audit.map((entry) => entry.loggerMessage)).toEqual(
      expect.arrayContaining([expect.stringContaining(`${donors} sent`)]),
    );
  });

  it('sends nothing for a year without donations', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donations/statements',
      headers: admin,
      payload: { year: 2001 },
    });
    expect(response.json()).toEqual({ year: 2001, donors: 0, sent: 0, alreadySent: 0 });
  });

  it('refuses temporary admins (403) and a year that is not one (400)', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/donations/statements',
      headers: temp,
      payload: { year: year() },
    });
    expect(refused.statusCode).toBe(403);
    const preview = await t.app.inject({
      url: `/api/donations/statements/${year()}`,
      headers: temp,
    });
    expect(preview.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/donations/statements',
      headers: admin,
      payload: { year: 'last' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
