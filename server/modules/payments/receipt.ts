/**
 * The receipt e-mail of a confirmed payment: plain text, HTML and a PDF copy, enqueued in the
 * confirming transaction with the dedupe key `receipt:<transactionID>`, so a payment has exactly
 * one receipt however often it is confirmed or recorded. The PDF and the door code's QR image
 * are enqueued as recipes and rendered by the outbox worker when it sends the mail: the
 * confirming transaction holds its event's lock, and every buyer of the event waits for it.
 */
import { formatReceiptDateTime } from '../../../domain/dates';
import type { TLanguageCode } from '../../../domain/constants';
import { formatMoney } from '../../../domain/money';
import type { TConfig } from '../../config';
import type { TTx } from '../../db/client';
import type { TPaymentRow } from '../../db/schema';
import { queueMail, type TMailAttachmentInput, type TMailMessage } from '../mail/outbox';
import { DOOR_QR_CID, DOOR_QR_PIXELS } from './door-qr-image';
import type { TReceiptLine } from './receipt-pdf';
import { RECEIPT_WORDS } from './receipt-words';
import { escapeMarkup } from '../../lib/markup';
import { buildDonationReceipt } from '../donations/donation-receipt';

export function receiptDedupeKey(transactionId: string): string {
  return `receipt:${transactionId}`;
}

/** The receipt's labelled lines in one language: the words from the catalog, the values as stored. */
function receiptLines(
  payment: TPaymentRow,
  input: { summary: string; doorCode: string | null; config: TConfig },
  language: TLanguageCode,
): TReceiptLine[] {
  const words = RECEIPT_WORDS[language];
  const paidAt = payment.confirmedAt ?? payment.createdAt;
  const lines: TReceiptLine[] = [
    { label: words.paidBy, value: [payment.memberName, payment.email].filter(Boolean).join(', ') },
    { label: words.purchase, value: input.summary },
    { label: words.amountPaid, value: formatMoney(payment.amountCents, language) },
    ...(payment.offlineMethod
      ? [
          {
            label: words.paymentMethod,
            value:
              payment.offlineMethod === 'cheque'
                ? words.cheque(payment.chequeNumber ?? '')
                : words.cash,
          },
        ]
      : []),
    { label: words.transactionId, value: payment.transactionId },
    { label: words.date, value: formatReceiptDateTime(paidAt, input.config.timeZone, language) },
  ];
  if (input.doorCode) lines.push({ label: words.doorCode, value: input.doorCode });
  return lines;
}

/** The receipt in the language the buyer used at checkout (payments.language). */
export function buildReceipt(
  payment: TPaymentRow,
  input: { summary: string; doorCode: string | null; config: TConfig },
): TMailMessage {
  const { config } = input;
  const language = payment.language;
  const words = RECEIPT_WORDS[language];
  const lines = receiptLines(payment, input, language);

  const title = words.title;
  const closing = `${words.thanks} ${words.pdfAttached}`;
  const text = [
    `${config.orgName}: ${title}`,
    '',
    ...lines.map((line) => `${line.label}: ${line.value}`),
    '',
    closing,
  ].join('\n');
  const html = [
    `<h1 style="font-size:20px">${escapeMarkup(config.orgName)}</h1>`,
    `<p>${escapeMarkup(title)}</p>`,
    '<table cellpadding="4">',
    ...lines.map(
      (line) =>
        `<tr><th align="left">${escapeMarkup(line.label)}</th><td>${escapeMarkup(line.value)}</td></tr>`,
    ),
    '</table>',
    ...(input.doorCode
      ? [
          `<p><img src="cid:${DOOR_QR_CID}" width="${DOOR_QR_PIXELS}" height="${DOOR_QR_PIXELS}" alt="${escapeMarkup(words.doorQrAlt(input.doorCode))}"></p>`,
          `<p>${escapeMarkup(words.showAtDoor)}</p>`,
        ]
      : []),
    `<p>${escapeMarkup(closing)}</p>`,
  ].join('\n');
  // The PDF copy speaks the e-mail's language: its fonts print every script (server/lib/pdf-fonts.ts).
  // Stored as recipes: the outbox worker renders them at send time, outside the confirming
  // transaction and its event lock (the mail itself is written in that transaction).
  const pdf: TMailAttachmentInput = {
    filename: `receipt-${payment.transactionId}.pdf`,
    contentType: 'application/pdf',
    recipe: {
      kind: 'receipt-pdf',
      orgName: config.orgName,
      title,
      lines,
      thanks: words.thanks,
      doorCode: input.doorCode,
    },
  };
  const qr: TMailAttachmentInput[] = input.doorCode
    ? [
        {
          filename: `ticket-${input.doorCode}.png`,
          contentType: 'image/png',
          recipe: { kind: 'door-qr-png', code: input.doorCode },
          cid: DOOR_QR_CID,
        },
      ]
    : [];
  return {
    to: payment.email,
    subject: words.subject(config.orgName, payment.transactionId),
    text,
    html,
    attachments: [pdf, ...qr],
  };
}

/** Builds and enqueues the receipt inside the confirming transaction, with the door code fulfilment issued. */
export async function enqueueReceipt(
  tx: TTx,
  payment: TPaymentRow,
  input: { summary: string; doorCode: string | null; config: TConfig; now: Date },
): Promise<void> {
  // A donation's receipt is a tax receipt: its own words, the non-profit's details (issue 15)
  const mail =
    payment.kind === 'donation'
      ? buildDonationReceipt(payment, input.config)
      : buildReceipt(payment, {
          summary: input.summary,
          doorCode: input.doorCode,
          config: input.config,
        });
  await queueMail(tx, mail, {
    dedupeKey: receiptDedupeKey(payment.transactionId),
    now: input.now,
  });
}
