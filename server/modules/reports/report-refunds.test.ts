/** Refunds in the reports (issue 15): gross, refunded and net per payment and in the totals. */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import {
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  staffHeaders,
  today,
} from '../payments/payments-test-kit';

let t: TTestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createSeededApp();
  admin = await staffHeaders(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function refund(transactionId: string, amount: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${transactionId}/refunds`,
    headers: admin,
    payload: { amount, reason: 'Asked by the buyer', requestKey: randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('refunds in the ticket report', () => {
  it('shows gross, refunded and net per payment, keeps a full refund at net zero, and totals them in the download', async () => {
    const event = await createEvent(t, { nonMemberPriceCents: 1500 });
    const kept = await buyNonMemberTickets(t, event.id, 2);
    const part = await buyNonMemberTickets(t, event.id, 2);
    const full = await buyNonMemberTickets(t, event.id, 1);
    await refund(part, '12.50');
    await refund(full, '15');
    const day = today(t);
    const temp = await staffHeaders(t, 'temp');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ticketreport',
      headers: temp,
      payload: { startDate: day, endDate: day },
    });
    expect(response.statusCode).toBe(200);
    const rows: Array<Record<string, string>> = response.json().success;
    const byId = new Map(rows.map((row) => [row.transactionID, row]));
    expect(byId.get(kept)).toMatchObject({
      price: '30.00',
      refunded: '0.00',
      net: '30.00',
      refundState: 'none',
    });
    expect(byId.get(part)).toMatchObject({
      price: '30.00',
      refunded: '12.50',
      net: '17.50',
      refundState: 'partial',
    });
    expect(byId.get(full)).toMatchObject({
      price: '15.00',
      refunded: '15.00',
      net: '0.00',
      refundState: 'full',
    });

    const download = await t.app.inject({
      url: `/api/ticketreportdownload/${day}/${day}`,
      headers: temp,
    });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    const payments = sheetRows.slice(1, -1);
    const partRow = payments.find((row) => row[3] === part);
    expect(partRow?.slice(-2)).toEqual([12.5, 17.5]);
    const total = sheetRows.at(-1) ?? [];
    expect(total[0]).toBe('Total');
    // Price at 6; Refunded and Net after Created Date and Paid By
    const sum = (column: number) =>
      Math.round(payments.reduce((acc, row) => acc + Number(row[column]), 0) * 100) / 100;
    expect([total[6], total[10], total[11]]).toEqual([sum(6), sum(10), sum(11)]);
    expect(sum(6) - sum(10)).toBeCloseTo(sum(11), 2);
  });
});
