/**
 * Donation receipts and yearly statements (issue 15), fit for a tax deduction: the gift, its
 * date, the non-profit's legal name, registration number and address, the dedication and the
 * "no goods or services" statement, in the donor's language, with a PDF copy the outbox worker
 * renders when it sends the mail (the same recipe as every receipt).
 */
import type { TLanguageCode } from '../../../domain/constants';
import { formatCalendarDate, formatReceiptDateTime, toCalendarDate } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import type { TConfig } from '../../config';
import type { TPaymentRow } from '../../db/schema';
import { escapeMarkup } from '../../lib/markup';
import type { TMailMessage } from '../mail/outbox';
import type { TReceiptLine } from '../payments/receipt-pdf';
import { dedicationOf } from '../payments/kinds/donation.kind';
import { DONATION_WORDS } from './donation-words';

function organisationLines(config: TConfig, language: TLanguageCode): TReceiptLine[] {
  const words = DONATION_WORDS[language];
  return [
    { label: words.organisation, value: config.org.legalName },
    { label: words.taxId, value: config.org.taxId },
    { label: words.address, value: config.org.address },
  ];
}

/** One mail of labelled lines, as text, HTML and a PDF copy. */
function linesMail(input: {
  to: string;
  subject: string;
  config: TConfig;
  title: string;
  intro?: string;
  lines: TReceiptLine[];
  language: TLanguageCode;
  filename: string;
}): TMailMessage {
  const words = DONATION_WORDS[input.language];
  const { orgName } = input.config;
  const closing = [words.noGoods, words.thanks];
  const text = [
    `${orgName}: ${input.title}`,
    '',
    ...(input.intro ? [input.intro, ''] : []),
    ...input.lines.map((line) => `${line.label}: ${line.value}`),
    '',
    ...closing,
    words.pdfAttached,
  ].join('\n');
  const html = [
    `<h1 style="font-size:20px">${escapeMarkup(orgName)}</h1>`,
    `<p>${escapeMarkup(input.title)}</p>`,
    ...(input.intro ? [`<p>${escapeMarkup(input.intro)}</p>`] : []),
    '<table cellpadding="4">',
    ...input.lines.map(
      (line) =>
        `<tr><th align="left">${escapeMarkup(line.label)}</th><td>${escapeMarkup(line.value)}</td></tr>`,
    ),
    '</table>',
    ...closing.map((sentence) => `<p>${escapeMarkup(sentence)}</p>`),
    `<p>${escapeMarkup(words.pdfAttached)}</p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    attachments: [
      {
        filename: input.filename,
        contentType: 'application/pdf',
        recipe: {
          kind: 'receipt-pdf',
          orgName,
          title: input.title,
          lines: input.lines,
          thanks: closing.join(' '),
          doorCode: null,
        },
      },
    ],
  };
}

/** The receipt of one confirmed donation, in the language the donor used at checkout. */
export function buildDonationReceipt(payment: TPaymentRow, config: TConfig): TMailMessage {
  const language = payment.language;
  const words = DONATION_WORDS[language];
  const dedication = dedicationOf(payment);
  const lines: TReceiptLine[] = [
    { label: words.donor, value: [payment.memberName, payment.email].filter(Boolean).join(', ') },
    { label: words.amount, value: formatMoney(payment.amountCents, language) },
    {
      label: words.date,
      value: formatReceiptDateTime(
        payment.confirmedAt ?? payment.createdAt,
        config.timeZone,
        language,
      ),
    },
    ...(dedication ? [{ label: words.dedication, value: dedication }] : []),
    { label: words.transactionId, value: payment.transactionId },
    ...organisationLines(config, language),
  ];
  return linesMail({
    to: payment.email,
    subject: words.receiptSubject(config.orgName, payment.transactionId),
    config,
    title: words.receiptTitle,
    lines,
    language,
    filename: `donation-receipt-${payment.transactionId}.pdf`,
  });
}

export interface TStatementGift {
  amountCents: number;
  confirmedAt: Date;
  dedication: string;
}

/** One donor's statement of a calendar year: every gift, the total and the non-profit's details. */
export function buildDonationStatement(input: {
  email: string;
  donorName: string;
  year: number;
  gifts: readonly TStatementGift[];
  language: TLanguageCode;
  config: TConfig;
}): TMailMessage {
  const { language, config, year } = input;
  const words = DONATION_WORDS[language];
  const total = input.gifts.reduce((sum, gift) => sum + gift.amountCents, 0);
  const giftLines = input.gifts.map((gift) => {
    const day = formatCalendarDate(toCalendarDate(gift.confirmedAt, config.timeZone), language);
    const amount = formatMoney(gift.amountCents, language);
    return {
      label: words.gift(day),
      value: gift.dedication ? `${amount} (${gift.dedication})` : amount,
    };
  });
  return linesMail({
    to: input.email,
    subject: words.statementSubject(config.orgName, year),
    config,
    title: words.statementTitle(year),
    intro: words.statementIntro(year),
    lines: [
      { label: words.donor, value: [input.donorName, input.email].filter(Boolean).join(', ') },
      ...giftLines,
      { label: words.total, value: formatMoney(total, language) },
      ...organisationLines(config, language),
    ],
    language,
    filename: `donation-statement-${year}.pdf`,
  });
}
