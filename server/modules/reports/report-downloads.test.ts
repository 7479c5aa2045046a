import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import {
  createEvent,
  createSeededApp,
  memberHeaders,
  staffHeaders,
} from '../payments/payments-test-kit';
import { DAY, seedReportDay, txn } from './reports-test-fixture';

let t: TTestApp;
let temp: Record<string, string>;
beforeAll(async () => {
  t = await createSeededApp();
  temp = await staffHeaders(t, 'temp');
  await seedReportDay(t);
});
afterAll(async () => {
  await t.close();
});

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

describe('the report downloads', () => {
  it('streams the ticket report as xlsx with the screen columns, display labels and neutralised formulas', async () => {
    const response = await t.app.inject({
      url: `/api/ticketreportdownload/${DAY}/${DAY}`,
      headers: temp,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ticket-report-${DAY}-to-${DAY}.xlsx"`,
    );
    const { sheet, rows } = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual([
      'Member Name',
      'Email',
      'Ticket',
      'Transaction Id',
      'Event',
      'Tickets',
      'Price',
      'Event Date',
      'Created Date',
      'Paid By',
      'Refunded',
      'Net',
    ]);
    // Four payments and the closing Total row
    expect(rows).toHaveLength(6);
    expect(rows[1].slice(0, 7)).toEqual([
      'Buyer first',
      'first@example.net',
      'Non Member',
      txn('first'),
      'Holi 2024',
      2,
      30,
    ]);
    expect(rows[1][7]).toEqual(new Date('2024-03-15T00:00:00Z'));
    // 06:00 UTC is midnight in Chicago, written as local wall time
    expect(rows[1][8]).toEqual(new Date('2024-03-10T00:00:00Z'));
    expect(rows[1][9]).toBe('Card');
    expect(rows[2][2]).toBe('Table For 10');
    expect(rows[2][5]).toBe(10);
    expect(rows[3][0]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[3][1]).toBe(`'+1@example.net`);
    expect(sheet.getColumn(7).numFmt).toBe('"$"#,##0.00');
  });

  it('streams the member report with description labels', async () => {
    const response = await t.app.inject({
      url: `/api/memberreportdownload/${DAY}/${DAY}`,
      headers: temp,
    });
    const { rows } = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Membership Plan',
      'Transaction Id',
      'Description',
      'Price',
      'Created Date',
      'Paid By',
      'Refunded',
      'Net',
    ]);
    expect(rows[1].slice(2, 7)).toEqual([
      'member@example.org',
      'Family Membership',
      txn('renewal'),
      'Member Renewed',
      154.5,
    ]);
  });

  it('refuses anonymous callers, members and invalid ranges before streaming', async () => {
    expect(
      (await t.app.inject({ url: `/api/ticketreportdownload/${DAY}/${DAY}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: `/api/ticketreportdownload/${DAY}/${DAY}`,
          headers: await memberHeaders(t),
        })
      ).statusCode,
    ).toBe(403);
    const future = await t.app.inject({
      url: `/api/memberreportdownload/${DAY}/2099-01-01`,
      headers: temp,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.code).toBe('VALIDATION');
  });
});

describe('a download larger than one batch', () => {
  it('pages through 2,500 rows by (created_at, id), ties included, each row once', async () => {
    const event = await createEvent(t, { name: 'Big Day', eventDate: '2024-02-02' });
    // 1,500 rows share one instant, so a batch boundary falls inside the tie
    await t.database.db.execute(sql`
      insert into payments (transaction_id, kind, status, provider, email, product_name, payment_type,
                            dependent, amount_cents, event_id, event_date, created_at, updated_at)
      select 'txn_bulk_' || lpad(n::text, 19, '0'), 'nonmember-ticket', 'payment done', 'mock',
             'bulk' || n || '@example.net', 'Gala Event Non Member Tickets', 'Event', 1, 1500,
             ${event.id}, '2024-02-02',
             case when n <= 1500 then timestamptz '2024-02-01 18:00:00.123456+00'
                  else timestamptz '2024-02-01 12:00:00+00' + n * interval '1 second' end,
             now()
        from generate_series(1, 2500) as n`);
    const response = await t.app.inject({
      url: '/api/ticketreportdownload/2024-02-01/2024-02-01',
      headers: temp,
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await readSheet(response.rawPayload);
    // The first row names the columns, the last one holds the totals
    const ids = rows.slice(1, -1).map((row) => row[3]);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });
});

describe('single-use download links', () => {
  const path = `/api/ticketreportdownload/${DAY}/${DAY}`;
  const linkFor = async (forPath = path, headers = temp) =>
    t.app.inject({ method: 'POST', url: '/api/downloads', payload: { path: forPath }, headers });

  it('opens the download once without the bearer header, then never again', async () => {
    const response = await linkFor();
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json();
    expect(url).toMatch(new RegExp(`^${path}\\?link=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(60_000);
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const second = await t.app.inject({ url });
    expect(second.statusCode).toBe(401);
    expect(second.json().error.message).toMatch(/expired or was already used/);
  });

  it('expires after 60 seconds and works only for its own path', async () => {
    const { url } = (await linkFor()).json();
    const token = url.split('?link=')[1];
    expect(
      (await t.app.inject({ url: `/api/memberreportdownload/${DAY}/${DAY}?link=${token}` }))
        .statusCode,
    ).toBe(401);
    t.clock.advance(61_000);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('is made only by staff, only for a download address', async () => {
    expect((await linkFor(path, await memberHeaders(t))).statusCode).toBe(403);
    expect((await linkFor(path, {})).statusCode).toBe(401);
    const elsewhere = await linkFor('/api/nonmember/paymentallmem');
    expect(elsewhere.statusCode).toBe(400);
  });
});
