/**
 * The receipt e-mail of a confirmed payment: plain text, HTML and a PDF copy, enqueued in the
 * confirming transaction with the dedupe key `receipt:<transactionID>`, so a payment has exactly
 * one receipt however often it is confirmed or recorded.
 */
import { eq } from 'drizzle-orm';
import { formatReceiptDateTime } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import type { TConfig } from '../../config';
import type { TTx } from '../../db/client';
import { tickets, type TPaymentRow } from '../../db/schema';
import { enqueueMail, type TMailMessage } from '../mail/outbox';
import { DOOR_QR_CID, DOOR_QR_PIXELS, doorQrPng } from './door-qr-image';
import { renderReceiptPdf, type TReceiptLine } from './receipt-pdf';

export function receiptDedupeKey(transactionId: string): string {
  return `receipt:${transactionId}`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export async function buildReceipt(
  payment: TPaymentRow,
  input: { summary: string; doorCode: string | null; config: TConfig },
): Promise<TMailMessage> {
  const { config } = input;
  const paidAt = payment.confirmedAt ?? payment.createdAt;
  const lines: TReceiptLine[] = [
    { label: 'Paid by', value: [payment.memberName, payment.email].filter(Boolean).join(', ') },
    { label: 'Purchase', value: input.summary },
    { label: 'Amount paid', value: formatMoney(payment.amountCents) },
    { label: 'Transaction ID', value: payment.transactionId },
    { label: 'Date', value: formatReceiptDateTime(paidAt, config.timeZone) },
  ];
  if (input.doorCode)
    lines.push({ label: 'Ticket code (show it at the door)', value: input.doorCode });

  const title = 'Payment receipt';
  const text = [
    `${config.orgName}: ${title}`,
    '',
    ...lines.map((line) => `${line.label}: ${line.value}`),
    '',
    'Thank you for supporting the association. A PDF copy of this receipt is attached.',
  ].join('\n');
  const html = [
    `<h1 style="font-size:20px">${escapeHtml(config.orgName)}</h1>`,
    `<p>${escapeHtml(title)}</p>`,
    '<table cellpadding="4">',
    ...lines.map(
      (line) =>
        `<tr><th align="left">${escapeHtml(line.label)}</th><td>${escapeHtml(line.value)}</td></tr>`,
    ),
    '</table>',
    ...(input.doorCode
      ? [
          `<p><img src="cid:${DOOR_QR_CID}" width="${DOOR_QR_PIXELS}" height="${DOOR_QR_PIXELS}" alt="${escapeHtml(`QR code of ticket ${input.doorCode}`)}"></p>`,
          '<p>Show this code at the door; it is scanned to check you in.</p>',
        ]
      : []),
    '<p>Thank you for supporting the association. A PDF copy of this receipt is attached.</p>',
  ].join('\n');
  const pdf = await renderReceiptPdf({
    orgName: config.orgName,
    title,
    lines,
    doorCode: input.doorCode,
  });
  const qr = input.doorCode
    ? [
        {
          filename: `ticket-${input.doorCode}.png`,
          contentType: 'image/png',
          content: await doorQrPng(input.doorCode),
          cid: DOOR_QR_CID,
        },
      ]
    : [];
  return {
    to: payment.email,
    subject: `${config.orgName}: receipt for ${payment.transactionId}`,
    text,
    html,
    attachments: [
      {
        filename: `receipt-${payment.transactionId}.pdf`,
        contentType: 'application/pdf',
        content: pdf,
      },
      ...qr,
    ],
  };
}

/** Builds and enqueues the receipt inside the confirming transaction (after fulfilment, for the door code). */
export async function enqueueReceipt(
  tx: TTx,
  payment: TPaymentRow,
  input: { summary: string; config: TConfig; now: Date },
): Promise<void> {
  const [ticket] = await tx
    .select({ code: tickets.code })
    .from(tickets)
    .where(eq(tickets.paymentId, payment.id));
  const mail = await buildReceipt(payment, {
    summary: input.summary,
    doorCode: ticket?.code ?? null,
    config: input.config,
  });
  await enqueueMail(tx, mail, {
    dedupeKey: receiptDedupeKey(payment.transactionId),
    now: input.now,
  });
}
