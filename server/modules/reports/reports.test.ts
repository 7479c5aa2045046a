import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import { createSeededApp, memberHeaders, staffHeaders } from '../payments/payments-test-kit';
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

const report = (url: string, payload: object, headers: Record<string, string> = temp) =>
  t.app.inject({ method: 'POST', url, payload, headers });

function multipart(fields: Record<string, string>) {
  const boundary = '----samajtest';
  const body =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('POST /api/ticketreport and /api/memberreport', () => {
  it('is for staff: 401 anonymous, 403 for a member', async () => {
    const range = { startDate: DAY, endDate: DAY };
    expect((await report('/api/ticketreport', range, {})).statusCode).toBe(401);
    expect((await report('/api/memberreport', range, await memberHeaders(t))).statusCode).toBe(403);
  });

  it('answers the confirmed ticket payments of the days in TIME_ZONE, both ends included, oldest first', async () => {
    const response = await report('/api/ticketreport', { startDate: DAY, endDate: DAY });
    expect(response.statusCode).toBe(200);
    const rows = response.json().success;
    expect(rows.map((row: { transactionID: string }) => row.transactionID)).toEqual([
      txn('first'),
      txn('table'),
      txn('formula'),
      txn('last'),
    ]);
    expect(rows[0]).toMatchObject({
      memberName: 'Buyer first',
      email: 'first@example.net',
      productName: 'Gala Event Non Member Tickets',
      eventName: 'Holi 2024',
      dependent: 2,
      price: '30.00',
      eventDate: '2024-03-15',
      created_at: '2024-03-10T06:00:00.000Z',
    });
    expect(rows[1]).toMatchObject({ dependent: 10, price: '120.00' });
  });

  it('answers the confirmed membership payments with the member names', async () => {
    const rows = (await report('/api/memberreport', { startDate: DAY, endDate: DAY })).json()
      .success;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      transactionID: txn('renewal'),
      memberID: { MemberFirstName: expect.any(String), MemberLastName: expect.any(String) },
      email: 'member@example.org',
      productName: 'Family Membership',
      description: 'renew payment',
      price: '154.50',
    });
  });

  it('takes the form urlencoded and multipart as well as JSON', async () => {
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/ticketreport',
      headers: { ...temp, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `startDate=${DAY}&endDate=${DAY}`,
    });
    expect(urlencoded.statusCode).toBe(200);
    expect(urlencoded.json().success).toHaveLength(4);
    const form = multipart({ startDate: DAY, endDate: DAY });
    const multi = await t.app.inject({
      method: 'POST',
      url: '/api/memberreport',
      headers: { ...temp, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json().success).toHaveLength(1);
  });

  it('needs both dates, not after today, the start not after the end', async () => {
    const missing = await report('/api/ticketreport', { startDate: DAY });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.endDate).toBeDefined();
    const future = await report('/api/ticketreport', { startDate: DAY, endDate: '2026-11-23' });
    expect(future.json().error.fields).toEqual({ endDate: 'End date cannot be after today.' });
    const reversed = await report('/api/ticketreport', { startDate: '2024-03-11', endDate: DAY });
    expect(reversed.json().error.fields).toEqual({
      endDate: 'End date cannot be before the start date.',
    });
    expect(
      (await report('/api/ticketreport', { startDate: '2024-02-30', endDate: DAY })).statusCode,
    ).toBe(400);
    expect(
      (await report('/api/ticketreport', { startDate: '2026-11-22', endDate: '2026-11-22' }))
        .statusCode,
    ).toBe(200);
  });
});
