import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import {
  checkout,
  createEvent,
  createSeededApp,
  payMock,
  receiptsOf,
  ticketsOf,
  paymentRow,
} from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp({ env: { ORG_NAME: 'Samaj of Springfield' } });
});
afterAll(async () => {
  await t.close();
});

describe('the receipt of a confirmed payment', () => {
  it('names the association, what was bought, the amount, the transaction, the date and the door code, with a PDF copy', async () => {
    const event = await createEvent(t, {
      name: 'Diwali Dinner',
      eventDate: '2026-12-05',
      nonMemberPriceCents: 2500,
    });
    const started = await checkout(t, {
      kind: 'nonmember-ticket',
      eventid: event.id,
      ticket: 2,
      buyer: {
        fname: 'Mira <b>',
        lname: 'Desai',
        email: 'mira@example.net',
        contact: '7135550142',
      },
    });
    const { transactionID } = started.json();
    expect((await payMock(t, transactionID)).statusCode).toBe(200);

    const [receipt] = await receiptsOf(t, transactionID);
    const [ticket] = await ticketsOf(t, (await paymentRow(t, transactionID)).id);
    expect(receipt.toAddress).toBe('mira@example.net');
    expect(receipt.subject).toBe(`Samaj of Springfield: receipt for ${transactionID}`);
    // 2026-11-22T15:00Z is 9:00 AM in Chicago
    for (const line of [
      'Samaj of Springfield',
      'Purchase: 2 x Gala Event Non Member Tickets: Diwali Dinner, Dec 5, 2026',
      'Amount paid: $50.00',
      `Transaction ID: ${transactionID}`,
      'Date: Nov 22 2026, 9:00 AM',
      `Ticket code (show it at the door): ${ticket.code}`,
    ]) {
      expect(receipt.textBody).toContain(line);
    }
    expect(receipt.htmlBody).toContain('Mira &lt;b&gt; Desai');
    expect(receipt.htmlBody).not.toContain('<b> Desai');
    expect(receipt.attachments).toHaveLength(1);
    const [pdf] = receipt.attachments;
    expect(pdf).toMatchObject({
      filename: `receipt-${transactionID}.pdf`,
      contentType: 'application/pdf',
    });
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
