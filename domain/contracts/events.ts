/**
 * The wire contract of the public event reads (DESIGN §3b): field names are the spec's, money is
 * a decimal string of dollars ("45.00", never a float), dates are 'YYYY-MM-DD' calendar days in
 * the association's TIME_ZONE, instants are ISO 8601 UTC strings.
 */
import { z } from 'zod';
import { MAX_DB_INT, ZId, ZLine, ZWhole } from './fields';
import { EVENT_STATUSES, PAGE_SIZES } from '../constants';
import { isCalendarDate } from '../dates';
import { parseMoney } from '../money';

/** Money on the wire, everywhere in this app: dollars with exactly two decimals, e.g. "154.50". */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/, 'An amount such as 154.50.');
export type TMoney = z.infer<typeof ZMoney>;

export const ZEvent = z.object({
  id: z.number().int(),
  eventName: z.string(),
  eventDescription: z.string(),
  /** The event's calendar day in TIME_ZONE. */
  eventDate: z.string(),
  /** 'HH:mm', 24-hour, local time of TIME_ZONE. */
  eventTime: z.string(),
  venue: z.string(),
  memberPrice: ZMoney,
  nonMemberPrice: ZMoney,
  tablePrice: ZMoney,
  /** Seats in all. */
  capacity: z.number().int(),
  /** Capacity minus seats in confirmed payments and in checkouts still holding seats; never below 0. */
  seatsLeft: z.number().int(),
  /**
   * Seats held by checkouts not yet paid (already left out of seatsLeft): buyers see "12 left, 30
   * being paid for", and that seats may come free when those checkouts lapse.
   */
  seatsHeld: z.number().int(),
  /** The event's image (`/api/images/<id>/card`, 800 px wide at most), or null. */
  eventImage: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  created_at: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventList = z.array(ZEvent);
export type TEventList = z.infer<typeof ZEventList>;

export const ZEventIdParams = z.object({ id: ZId });

/**
 * Which events each list holds ("today" is the calendar day in TIME_ZONE; only scheduled events):
 * - `GET /api/event`: every scheduled event, earliest first;
 * - `GET /api/currentevent`: dated today, earliest time first (the spec keeps the first);
 * - `GET /api/upcomingevent`: dated after today, earliest first;
 * - `GET /api/currentupcomingevent`: today and later, earliest first;
 * - `GET /api/pastevent`: dated before today, latest first.
 * `GET /api/event/:id` answers one event whatever its date or status.
 */
export const EVENT_LISTS = ['all', 'current', 'upcoming', 'currentUpcoming', 'past'] as const;
export type TEventListKind = (typeof EVENT_LISTS)[number];

// ---- events administration (DESIGN §3b, §3c) -------------------------------------------------

export const EVENT_NAME_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_VENUE_MAX = 200;
/** A hall, not a stadium: a typo of one zero too many is refused. */
export const EVENT_CAPACITY_MAX = 100_000;

export const EVENT_INPUT_MESSAGES = {
  nameRequired: 'Event name is required',
  dateFormat: 'A date such as 2026-11-22.',
  timeFormat: 'A time such as 18:30 (24-hour).',
  venueRequired: 'Venue is required',
  price: 'An amount such as 25 or 25.50, at least 0.',
  capacity: `Capacity is a whole number of seats from 1 to ${EVENT_CAPACITY_MAX}.`,
  datePast: 'The event date cannot be in the past.',
} as const;

/** An amount as a form or a multipart field holds it ("25", "25.5", "25.50" or a number), as cents. */
const ZPriceInput = z.union([ZLine().max(20), z.number()]).transform((value, ctx) => {
  const cents = parseMoney(String(value));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: EVENT_INPUT_MESSAGES.price });
    return z.NEVER;
  }
  return cents;
});

/**
 * The event as the manage screen's form and `POST /api/event` / `PUT /api/eventupdatedelete/:id`
 * send it: JSON, or multipart text fields with the image as a file part named `eventImage`.
 * Numbers may arrive as text (multipart). `eventImage`: absent keeps the stored image; null or ''
 * removes it; a new image only comes as a file.
 */
export const ZEventInput = z.object({
  eventName: z
    .string()
    .trim()
    .min(1, EVENT_INPUT_MESSAGES.nameRequired)
    .max(EVENT_NAME_MAX, `Event name is at most ${EVENT_NAME_MAX} characters`),
  eventDescription: z
    .string()
    .trim()
    .max(EVENT_DESCRIPTION_MAX, `The description is at most ${EVENT_DESCRIPTION_MAX} characters`)
    .default(''),
  eventDate: z
    .string()
    .trim()
    .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text), {
      message: EVENT_INPUT_MESSAGES.dateFormat,
    }),
  eventTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENT_INPUT_MESSAGES.timeFormat),
  venue: z
    .string()
    .trim()
    .min(1, EVENT_INPUT_MESSAGES.venueRequired)
    .max(EVENT_VENUE_MAX, `Venue is at most ${EVENT_VENUE_MAX} characters`),
  memberPrice: ZPriceInput,
  nonMemberPrice: ZPriceInput,
  tablePrice: ZPriceInput,
  capacity: ZWhole(1, EVENT_CAPACITY_MAX, {
    missing: EVENT_INPUT_MESSAGES.capacity,
    int: EVENT_INPUT_MESSAGES.capacity,
    min: EVENT_INPUT_MESSAGES.capacity,
    max: EVENT_INPUT_MESSAGES.capacity,
  }),
  eventImage: z.union([z.null(), z.literal('')]).optional(),
});
export type TEventInput = z.input<typeof ZEventInput>;
export type TEventValues = z.output<typeof ZEventInput>;

export const EVENT_SAVED_MESSAGES = {
  created: 'Event created',
  updated: 'Event updated',
  deleted: 'Event deleted',
  cancelled: 'Event cancelled',
} as const;

export const EVENT_CANCELLED_MESSAGE = 'This event was cancelled';
export const EVENT_HAS_PAYMENTS_MESSAGE =
  'Tickets were paid for this event, so it cannot be deleted. Cancel it instead: its buyers are told and listed for refunds.';
export const EVENT_ALREADY_CANCELLED_MESSAGE = 'This event is already cancelled.';
export const EVENT_CANCELLED_NO_EDIT_MESSAGE = 'A cancelled event cannot be edited.';
/** "Capacity cannot be below the 37 seats already sold or held." */
export const capacityBelowTakenMessage = (taken: number) =>
  taken === 1
    ? 'Capacity cannot be below the 1 seat already sold or held.'
    : `Capacity cannot be below the ${taken} seats already sold or held.`;

export const ZEventSaved = z.object({ message: z.string(), event: ZEvent });
export type TEventSaved = z.infer<typeof ZEventSaved>;

export const MANAGED_EVENT_WHEN = [
  'all',
  'current',
  'upcoming',
  'past',
] as const satisfies readonly TEventListKind[];
export type TManagedEventWhen = (typeof MANAGED_EVENT_WHEN)[number];

export const ZManagedEventQuery = z.object({
  /** Part of the event's name, any case; empty lists every event. */
  search: ZLine().max(200).optional(),
  when: z.enum(MANAGED_EVENT_WHEN).default('all'),
  page: ZWhole(1, MAX_DB_INT).default(1),
  pageSize: ZWhole(1, MAX_DB_INT)
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      message: `Page size is one of ${PAGE_SIZES.join(', ')}.`,
    })
    .default(PAGE_SIZES[0]),
});
export type TManagedEventQuery = z.input<typeof ZManagedEventQuery>;

/** An event as the manage screen lists it: the public fields and its seats by state. */
export const ZManagedEvent = ZEvent.extend({
  /** Seats in confirmed payments. */
  sold: z.number().int(),
  /** Seats in checkouts still open (not paid, not expired). */
  held: z.number().int(),
  /** Seats checked in at the door (of tickets still paid). */
  arrived: z.number().int(),
  /** When it was cancelled (ISO instant), or null. */
  cancelledAt: z.string().nullable(),
});
export type TManagedEvent = z.infer<typeof ZManagedEvent>;

export const ZManagedEventPage = z.object({
  items: z.array(ZManagedEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TManagedEventPage = z.infer<typeof ZManagedEventPage>;

/** One confirmed purchase of an event: who paid what, for refunds after a cancellation. */
export const ZEventBuyer = z.object({
  transactionID: z.string(),
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  /** "Member", "Non Member" or "Table For 10". */
  ticketKind: z.string(),
  seats: z.number().int(),
  amount: ZMoney,
  status: z.string(),
  paidAt: z.string().nullable(),
});
export type TEventBuyer = z.infer<typeof ZEventBuyer>;

export const ZEventBuyers = z.object({
  event: ZManagedEvent,
  buyers: z.array(ZEventBuyer),
  /** The sum of the confirmed amounts, what a full refund pays back. */
  total: ZMoney,
});
export type TEventBuyers = z.infer<typeof ZEventBuyers>;

export const ZEventCancel = z.object({
  /** A sentence for the buyers' e-mail, e.g. the reason; optional. */
  note: ZLine().max(1000).optional(),
});
export type TEventCancel = z.input<typeof ZEventCancel>;

export const ZEventCancelled = ZEventBuyers.extend({
  message: z.string(),
  /** E-mails written to the outbox, one per buyer's address. */
  mailed: z.number().int(),
});
export type TEventCancelled = z.infer<typeof ZEventCancelled>;

/** `POST /api/event/:id/refundbuyers` (a cancelled event): every buyer refunded in full. */
export const ZEventRefunds = z.object({
  /** Payments refunded now. */
  refunded: z.number().int(),
  /** Payments already refunded in full before (a second run refunds nothing twice). */
  alreadyRefunded: z.number().int(),
  /** Payments whose refund failed, with why; the others went on. */
  failed: z.array(z.object({ transactionID: z.string(), message: z.string() })),
});
export type TEventRefunds = z.infer<typeof ZEventRefunds>;

// ---- price quote of a non-member purchase: POST /api/nonmember/paydata -----------------------

export const ZPayQuoteRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('nonmember-ticket'),
    eventid: ZId,
    ticket: ZWhole(1, 1000),
  }),
  z.object({
    kind: z.literal('table-for-10'),
    eventid: ZId,
  }),
]);
export type TPayQuoteRequest = z.input<typeof ZPayQuoteRequest>;

/** What the checkout would charge now; nothing is held. */
export const ZPayQuote = z.object({
  kind: z.enum(['nonmember-ticket', 'table-for-10']),
  eventid: z.number().int(),
  /** Seats the purchase takes (10 for a table). */
  seats: z.number().int(),
  unitPrice: ZMoney,
  amount: ZMoney,
  seatsLeft: z.number().int(),
  /** False when the seats asked for are more than are left (checkout would refuse). */
  fits: z.boolean(),
});
export type TPayQuote = z.infer<typeof ZPayQuote>;
