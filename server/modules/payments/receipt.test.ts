import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrDrawing } from '../../../domain/door-qr';
import { formatMoney } from '../../../domain/money';
import { readyAttachments } from '../mail/attachment-recipes';
import { processOutboxBatch } from '../mail/outbox-batch';
import { createRecordingTransport } from '../mail/recording-transport';
import { buildReceipt } from './receipt';
import { inspectPdf } from '../../test/pdf-inspect';
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
    expect(receipt.attachments).toHaveLength(2);
    // The confirming transaction (holding the event's lock) stores what the PDF and the QR image
    // are made of, not their bytes: the outbox worker renders them when it sends the mail.
    expect(receipt.attachments.map((attachment) => attachment.contentBase64)).toEqual([
      undefined,
      undefined,
    ]);
    expect(receipt.attachments[0].recipe).toMatchObject({
      kind: 'receipt-pdf',
      orgName: 'Samaj of Springfield',
      doorCode: ticket.code,
    });
    expect(receipt.attachments[1].recipe).toEqual({ kind: 'door-qr-png', code: ticket.code });
    const [pdf] = await readyAttachments(receipt.attachments);
    expect(pdf).toMatchObject({
      filename: `receipt-${transactionID}.pdf`,
      contentType: 'application/pdf',
    });
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  async function paidIn(acceptLanguage: string | null, name: string) {
    const event = await createEvent(t, {
      name,
      eventDate: '2026-12-05',
      nonMemberPriceCents: 123450,
    });
    const started = await checkout(
      t,
      {
        kind: 'nonmember-ticket',
        eventid: event.id,
        ticket: 1,
        buyer: { fname: 'Léa', lname: 'Martin', email: 'lea@example.net', contact: '7135550143' },
      },
      acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    );
    const { transactionID } = started.json();
    expect((await payMock(t, transactionID)).statusCode).toBe(200);
    const [receipt] = await receiptsOf(t, transactionID);
    return { transactionID, receipt, payment: await paymentRow(t, transactionID) };
  }

  it('is written in the language the buyer used at checkout, with its numbers and dates', async () => {
    const { transactionID, receipt, payment } = await paidIn('fr', 'Soirée');
    expect(payment.language).toBe('fr');
    expect(receipt.subject).toBe(`Samaj of Springfield : reçu pour ${transactionID}`);
    expect(receipt.textBody).toContain('Reçu de paiement');
    expect(receipt.textBody).toContain('Payé par: Léa Martin, lea@example.net');
    // French groups thousands with a narrow space and puts the symbol last
    expect(receipt.textBody).toContain(`Montant payé: ${formatMoney(123450, 'fr')}`);
    expect(formatMoney(123450, 'fr')).toBe('1\u202f234,50\u00a0$US');
    expect(receipt.textBody).toContain(`ID de transaction: ${transactionID}`);
    expect(receipt.textBody).toMatch(/Date: 22 nov\. 2026/);
    expect(receipt.textBody).toContain(
      'Achat: 1 x Gala Event Non Member Tickets: Soirée, 5 déc. 2026',
    );
    expect(receipt.textBody).toContain("Merci de soutenir l'association.");
    expect(receipt.htmlBody).toContain('Merci de soutenir l&#39;association.');
    expect(receipt.textBody).not.toContain('Amount paid');
  });

  it('is in Japanese for a Japanese buyer, and in English without a language', async () => {
    const japanese = await paidIn('ja', '夏祭り');
    expect(japanese.payment.language).toBe('ja');
    expect(japanese.receipt.subject).toBe(
      `Samaj of Springfield：${japanese.transactionID} の領収書`,
    );
    expect(japanese.receipt.textBody).toContain('お支払い金額: $1,234.50');
    expect(japanese.receipt.textBody).toContain('協会へのご支援ありがとうございます。');
    // The PDF copy (beside the ticket's QR image) is in Japanese too, printed with the Japanese font
    expect(japanese.receipt.attachments.map((attachment) => attachment.contentType)).toEqual([
      'application/pdf',
      'image/png',
    ]);
    const [rendered] = await readyAttachments(japanese.receipt.attachments);
    const pdf = inspectPdf(Buffer.from(rendered.contentBase64, 'base64'));
    expect(pdf.text).toContain('領収書');
    expect(pdf.fonts.some((name) => /\+NotoSansJP-/.test(name))).toBe(true);

    const english = await paidIn(null, 'Picnic');
    expect(english.payment.language).toBe('en');
    expect(english.receipt.textBody).toContain('Amount paid: $1,234.50');
  });
});

/** The PDF's page content, its compressed streams inflated. */
function pdfContent(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  let content = '';
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      content += inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      // a stream that is not deflated (none in pdfkit's output with compression on)
    }
  }
  return content;
}

describe('the door code as a QR code in the receipt', () => {
  it('shows the ticket code as an inline QR image in the e-mail that reads back as the code, and draws it in the PDF', async () => {
    const event = await createEvent(t, { name: 'Garba Night' });
    const started = await checkout(t, {
      kind: 'nonmember-ticket',
      eventid: event.id,
      ticket: 1,
      buyer: { fname: 'Ravi', lname: 'Shah', email: 'ravi@example.net', contact: '7135550143' },
    });
    const { transactionID } = started.json();
    expect((await payMock(t, transactionID)).statusCode).toBe(200);
    const [receipt] = await receiptsOf(t, transactionID);
    const [ticket] = await ticketsOf(t, (await paymentRow(t, transactionID)).id);

    const attachments = await readyAttachments(receipt.attachments);
    const image = attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(image?.cid).toBeTruthy();
    expect(receipt.htmlBody).toContain(`<img src="cid:${image?.cid}"`);
    expect(receipt.htmlBody).toContain(`alt="QR code of ticket ${ticket.code}"`);
    const { data, info } = await sharp(Buffer.from(image?.contentBase64 ?? '', 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toBe(ticket.code);

    const pdf = attachments.find((attachment) => attachment.contentType === 'application/pdf');
    const content = pdfContent(Buffer.from(pdf?.contentBase64 ?? '', 'base64'));
    const { size } = qrDrawing(ticket.code);
    // The white square of the symbol, then its dark modules as filled paths
    expect(content).toContain(`0 0 ${size} ${size} re`);
    expect(content).toContain('4 4 m\n11 4 l\n11 5 l\n4 5 l\nh');
  });

  it('is sent by the outbox worker with the PDF and the QR image rendered', async () => {
    const event = await createEvent(t, { name: 'Holi Festival' });
    const started = await checkout(t, {
      kind: 'nonmember-ticket',
      eventid: event.id,
      ticket: 1,
      buyer: { fname: 'Asha', lname: 'Iyer', email: 'asha@example.net', contact: '7135550145' },
    });
    const { transactionID } = started.json();
    expect((await payMock(t, transactionID)).statusCode).toBe(200);
    const transport = createRecordingTransport();
    while (
      (await processOutboxBatch({ db: t.database.db, clock: t.clock }, transport, { limit: 50 }))
        .claimed > 0
    );
    const sent = transport.sent.find((mail) => mail.subject.includes(transactionID));
    expect(sent?.attachments.map((attachment) => attachment.filename)).toEqual([
      `receipt-${transactionID}.pdf`,
      expect.stringMatching(/^ticket-.+\.png$/),
    ]);
    const [pdf, png] = (sent?.attachments ?? []).map((attachment) =>
      Buffer.from(attachment.contentBase64, 'base64'),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(inspectPdf(pdf).text).toContain(transactionID);
  });

  it('has no QR image in a receipt without a door code (a membership)', async () => {
    const event = await createEvent(t);
    const started = await checkout(t, {
      kind: 'nonmember-ticket',
      eventid: event.id,
      ticket: 1,
      buyer: { fname: 'Anil', lname: 'Rao', email: 'anil@example.net', contact: '7135550144' },
    });
    const payment = await paymentRow(t, started.json().transactionID);
    const mail = buildReceipt(payment, {
      summary: 'Family Membership',
      doorCode: null,
      config: t.config,
    });
    expect(mail.attachments?.map((attachment) => attachment.contentType)).toEqual([
      'application/pdf',
    ]);
    expect(mail.html).not.toContain('cid:');
  });
});
