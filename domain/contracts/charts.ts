/**
 * The wire contract of the back office's dashboard (spec 02 §7.1 "Charts": `GET /api/memchart`
 * and `GET /api/allchart`; DESIGN §3c: staff only). Every figure is counted in the database.
 *
 * - Money is integer cents (domain/money.ts), net of refunds; only confirmed payments count
 *   ('payment done'), a payment refunded in full is left out, a partly refunded one counts
 *   what was kept.
 * - Months are calendar months in TIME_ZONE, 'YYYY-MM', the twelve ending with the current one,
 *   oldest first; a month with nothing in it is there with zeros.
 * - A member is active as DESIGN §3d says: the flag is on and the validity end is empty or not past.
 */
import { z } from 'zod';
import { CHECKOUT_KINDS } from '../constants';

export const CHART_MONTHS = 12;

const ZCount = z.number().int().min(0);
const ZCents = z.number().int();
const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month such as 2026-11.');

/** Members of one plan; `planId` null gathers members without a plan. */
export const ZMembersOfPlan = z.object({
  planId: z.number().int().nullable(),
  prefix: z.string().nullable(),
  membershipType: z.string().nullable(),
  active: ZCount,
  inactive: ZCount,
});
export type TMembersOfPlan = z.infer<typeof ZMembersOfPlan>;

export const ZNewMembersOfMonth = z.object({ month: ZMonth, count: ZCount });
export type TNewMembersOfMonth = z.infer<typeof ZNewMembersOfMonth>;

/** `GET /api/memchart`. */
export const ZMemChart = z.object({
  /** The day "active" was judged on, in TIME_ZONE. */
  today: z.string(),
  totals: z.object({ members: ZCount, active: ZCount, inactive: ZCount }),
  /** Plans with members, and active plans without any; most members first. */
  byPlan: z.array(ZMembersOfPlan),
  /** Members who joined in each of the last twelve months. */
  newMembers: z.array(ZNewMembersOfMonth),
});
export type TMemChart = z.infer<typeof ZMemChart>;

export const ZChartPaymentKind = z.enum(CHECKOUT_KINDS);
export type TChartPaymentKind = z.infer<typeof ZChartPaymentKind>;

export const ZMoneyOfMonth = z.object({
  month: ZMonth,
  totalCents: ZCents,
  /** Every kind is present, 0 when nothing of that kind came in. */
  byKind: z.record(ZChartPaymentKind, ZCents),
});
export type TMoneyOfMonth = z.infer<typeof ZMoneyOfMonth>;

export const ZTicketsOfEvent = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  /** The event's calendar day in TIME_ZONE. */
  eventDate: z.string(),
  capacity: ZCount,
  /** Seats in confirmed (not refunded) ticket payments. */
  seatsSold: ZCount,
  upcoming: z.boolean(),
});
export type TTicketsOfEvent = z.infer<typeof ZTicketsOfEvent>;

/** `GET /api/allchart`. */
export const ZAllChart = z.object({
  today: z.string(),
  /** Money in per month and kind; a month counts the payments started in it, as the reports do. */
  moneyByMonth: z.array(ZMoneyOfMonth),
  /** Money in since January 1st of the current year in TIME_ZONE. */
  yearToDate: z.object({ year: z.number().int(), totalCents: ZCents }),
  /**
   * Tickets per scheduled event of the last twelve months and ahead, by date; at most
   * MAX_CHART_EVENTS, the latest kept.
   */
  ticketsByEvent: z.array(ZTicketsOfEvent),
  /** Scheduled events from today on, and the seats sold for them. */
  upcoming: z.object({ events: ZCount, seatsSold: ZCount }),
});
export type TAllChart = z.infer<typeof ZAllChart>;

export const MAX_CHART_EVENTS = 24;
