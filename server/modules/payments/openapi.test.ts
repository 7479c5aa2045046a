import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('describes checkout by kind and the payment, event and report calls', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    for (const path of [
      '/api/checkout',
      '/api/payments/mock/{transactionID}/confirm',
      '/api/payments/stripe/webhook',
      '/api/nonmember/paymentnonmember',
      '/api/nonmember/maxticket/{id}/{memberid}/{date}',
      '/api/event/{id}',
      '/api/ticketreport',
      '/api/ticketreportdownload/{start}/{end}',
      '/api/downloads',
      '/api/donations/record',
      '/api/donationreport',
      '/api/donationreportdownload/{start}/{end}',
      '/api/donations/statements',
      '/api/donations/statements/{year}',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    const checkoutBody = JSON.stringify(paths['/api/checkout'].post.requestBody);
    for (const kind of ['nonmember-ticket', 'table-for-10', 'member-ticket', 'donation'])
      expect(checkoutBody).toContain(kind);
  });
});
