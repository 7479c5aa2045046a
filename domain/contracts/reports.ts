/**
 * The wire contract of the payment reports (spec 01 §2.5, §3, §7; DESIGN §3c: staff only).
 * Both report calls take `startDate` and `endDate` ('YYYY-MM-DD', both required, neither after
 * today in TIME_ZONE, both ends included) as a form (urlencoded or multipart) or as JSON, and
 * answer `{ success: rows }` with the confirmed payments created in that range, oldest first
 * (refunded ones too: `price` is the gross, `refunded` what was given back, `net` what stays).
 * Money is a decimal string of dollars, `created_at` an ISO 8601 UTC instant.
 */
import { z } from 'zod';
import { ZLine } from './fields';
import { isCalendarDate } from '../dates';
import { ZMoney } from './events';
import { REFUND_STATES } from './refunds';
import { PAYMENT_METHODS } from '../constants';

export const NO_TICKET_DATA = { title: 'Ticket Info', message: 'No Ticket Data Found' } as const;
export const NO_MEMBER_DATA = { title: 'Member Info', message: 'No Member Data Found' } as const;

const ZReportDate = (label: string) =>
  ZLine().min(1, `${label} is required`).refine(isCalendarDate, `${label} is not valid`);

/** The shape only; "not after today" and "start not after end" are checked on the server too. */
export const ZReportRange = z.object({
  startDate: ZReportDate('Start date'),
  endDate: ZReportDate('End date'),
});
export type TReportRange = z.infer<typeof ZReportRange>;

/** How a payment was made: 'card' online, or cash / a cheque (with its number) recorded by staff. */
const paidBy = {
  method: z.enum(PAYMENT_METHODS),
  chequeNumber: z.string().nullable(),
};

/** A ticket payment: member, non-member or table for 10 (spec 01 §3 "Ticket report row"). */
export const ZTicketReportRow = z.object({
  id: z.number().int(),
  memberName: z.string(),
  email: z.string(),
  /** Stored product name; the screen shows ticketKindLabel(productName). */
  productName: z.string(),
  transactionID: z.string(),
  eventID: z.number().int(),
  eventName: z.string(),
  /** Number of tickets (ticketCount: a table always counts 10). */
  dependent: z.number().int(),
  price: ZMoney,
  /** Given back so far by refunds (issue 15); `net` = price - refunded. */
  refunded: ZMoney,
  net: ZMoney,
  refundState: z.enum(REFUND_STATES),
  ...paidBy,
  eventDate: z.string(),
  created_at: z.string(),
});
export type TTicketReportRow = z.infer<typeof ZTicketReportRow>;

/** A membership payment: registration, renewal or added dependents (spec 01 §3). */
export const ZMemberReportRow = z.object({
  id: z.number().int(),
  memberID: z.object({ MemberFirstName: z.string(), MemberLastName: z.string() }),
  email: z.string(),
  /** The membership plan. */
  productName: z.string(),
  transactionID: z.string(),
  /** Stored description; the screen shows paymentDescriptionLabel(description). */
  description: z.string(),
  price: ZMoney,
  /** Given back so far by refunds (issue 15); `net` = price - refunded. */
  refunded: ZMoney,
  net: ZMoney,
  refundState: z.enum(REFUND_STATES),
  ...paidBy,
  created_at: z.string(),
});
export type TMemberReportRow = z.infer<typeof ZMemberReportRow>;

export const ZTicketReport = z.object({ success: z.array(ZTicketReportRow) });
export type TTicketReport = z.infer<typeof ZTicketReport>;
export const ZMemberReport = z.object({ success: z.array(ZMemberReportRow) });
export type TMemberReport = z.infer<typeof ZMemberReport>;

/** The spreadsheet downloads: `GET /api/ticketreportdownload/:start/:end` and the member one. */
export const REPORT_DOWNLOADS = {
  ticket: (start: string, end: string) => `/api/ticketreportdownload/${start}/${end}`,
  member: (start: string, end: string) => `/api/memberreportdownload/${start}/${end}`,
} as const;

/**
 * A new tab cannot send the bearer header: `POST /api/downloads` with the download's path answers
 * a link valid for 60 seconds and one use; open `url` in the new tab.
 */
export const ZDownloadLinkRequest = z.object({
  path: ZLine().min(1).max(300),
});
export type TDownloadLinkRequest = z.infer<typeof ZDownloadLinkRequest>;

export const ZDownloadLink = z.object({
  /** The path with `?link=<token>`, relative to the site, e.g. '/api/ticketreportdownload/...'. */
  url: z.string(),
  expiresAt: z.string(),
});
export type TDownloadLink = z.infer<typeof ZDownloadLink>;

export const DOWNLOAD_LINK_TTL_SECONDS = 60;
