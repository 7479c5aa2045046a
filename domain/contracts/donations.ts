/**
 * The wire contract of donations (issue 15): the donate page's checkout, its success screen's
 * record call, the staff report and its spreadsheet, and the yearly statements. Money on the wire
 * is a decimal string of dollars; the server turns the typed amount into cents and never trusts
 * anything else the browser says about money. Donations carry no service charge.
 */
import { z } from 'zod';
import { ZLine, ZWhole } from './fields';
import { centsToDecimal, parseMoney } from '../money';
import { REFUND_STATES } from './refunds';
import { ZEmail } from './auth';
import { ZMoney } from './events';
import { ZContactPhone } from './payments';

/** The smallest and largest gift one checkout takes, in cents ($1.00 and $100,000.00). */
export const DONATION_LIMITS = {
  minCents: 100,
  maxCents: 10_000_000,
  dedication: 200,
} as const;

export const DONATION_MESSAGES = {
  amount: 'Enter an amount such as 25.00.',
  amountMin: 'The smallest donation is 1.00.',
  amountMax: 'The largest donation online is 100000.00.',
  dedication: `A dedication is at most ${DONATION_LIMITS.dedication} characters.`,
} as const;

/**
 * A typed amount ("25", "25.5", "25.50" or a number) within DONATION_LIMITS, normalised to the
 * wire's money form ("25.50"): the server parses a checkout body more than once, so the output
 * must parse to itself. `donationCents` turns it into cents.
 */
export const ZDonationAmount = z.union([ZLine().max(20), z.number()]).transform((value, ctx) => {
  const cents = parseMoney(String(value));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: DONATION_MESSAGES.amount });
    return z.NEVER;
  }
  if (cents < DONATION_LIMITS.minCents) {
    ctx.addIssue({ code: 'custom', message: DONATION_MESSAGES.amountMin });
    return z.NEVER;
  }
  if (cents > DONATION_LIMITS.maxCents) {
    ctx.addIssue({ code: 'custom', message: DONATION_MESSAGES.amountMax });
    return z.NEVER;
  }
  return centsToDecimal(cents);
});

/** The cents of an amount ZDonationAmount accepted. */
export function donationCents(amount: string): number {
  const cents = parseMoney(amount);
  if (cents === null) throw new Error(`Not a validated donation amount: ${amount}`);
  return cents;
}

/** An empty phone is no phone; a typed one must be a phone. */
const ZOptionalPhone = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  ZContactPhone.optional(),
);

export const ZDonor = z.object({
  fname: ZLine().min(1, 'First name is required').max(100, 'First name is at most 100 characters'),
  lname: ZLine().max(100).default(''),
  email: ZEmail,
  contact: ZOptionalPhone,
});
export type TDonor = z.infer<typeof ZDonor>;

/** `POST /api/checkout` with `kind: 'donation'`. */
export const ZDonationCheckout = z.object({
  kind: z.literal('donation'),
  amount: ZDonationAmount,
  /** "In memory of …", "In honour of …": free text, printed on the receipt. */
  dedication: ZLine().max(DONATION_LIMITS.dedication, DONATION_MESSAGES.dedication).default(''),
  donor: ZDonor,
});
export type TDonationCheckout = z.input<typeof ZDonationCheckout>;

/** The success screen `#/success/donation` and the parameters the server gives it. */
export const DONATION_SUCCESS = {
  path: '/success/donation',
  params: ['email', 'transaction_id', 'amount'],
} as const;

/** `POST /api/donations/record`: only the transaction id is read. */
export const ZRecordDonation = z.looseObject({ transactionID: ZLine().min(1).max(100) });

// ---- staff: the donation report -------------------------------------------------------------

export const NO_DONATION_DATA = {
  title: 'Donation Info',
  message: 'No Donation Data Found',
} as const;

export const ZDonationReportRow = z.object({
  id: z.number().int(),
  donorName: z.string(),
  email: z.string(),
  contact: z.string(),
  dedication: z.string(),
  transactionID: z.string(),
  /** The gift, gross (donations carry no service charge). */
  price: ZMoney,
  /** Given back so far by refunds; `net` = price - refunded. */
  refunded: ZMoney,
  net: ZMoney,
  refundState: z.enum(REFUND_STATES),
  created_at: z.string(),
});
export type TDonationReportRow = z.infer<typeof ZDonationReportRow>;

export const ZDonationReport = z.object({
  success: z.array(ZDonationReportRow),
  /** The sum of the rows' gifts. */
  total: ZMoney,
});
export type TDonationReport = z.infer<typeof ZDonationReport>;

export const donationReportDownload = (start: string, end: string) =>
  `/api/donationreportdownload/${start}/${end}`;

// ---- admins: yearly statements ----------------------------------------------------------------

export const ZStatementYear = ZWhole(2000, 9999, {
  missing: 'Choose a year.',
  int: 'Choose a year.',
  min: 'Choose a year from 2000 on.',
  max: 'Choose a year before 10000.',
});

export const ZStatementYearParams = z.object({ year: ZStatementYear });
export const ZSendStatements = z.object({ year: ZStatementYear });

/** What sending would do for a year, for the confirmation. */
export const ZStatementPreview = z.object({
  year: z.number().int(),
  /** Donors (distinct e-mails) with at least one confirmed donation in the year. */
  donors: z.number().int(),
  /** Of them, those whose statement of the year was already sent: sending skips them. */
  alreadySent: z.number().int(),
  total: ZMoney,
});
export type TStatementPreview = z.infer<typeof ZStatementPreview>;

export const ZStatementsSent = z.object({
  year: z.number().int(),
  donors: z.number().int(),
  /** Statements queued by this press. */
  sent: z.number().int(),
  /** Donors already mailed their statement of the year before this press. */
  alreadySent: z.number().int(),
});
export type TStatementsSent = z.infer<typeof ZStatementsSent>;
