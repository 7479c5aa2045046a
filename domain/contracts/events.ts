/**
 * The wire contract of the public event reads (DESIGN §3b): field names are the spec's, money is
 * a decimal string of dollars ("45.00", never a float), dates are 'YYYY-MM-DD' calendar days in
 * the association's TIME_ZONE, instants are ISO 8601 UTC strings.
 */
import { z } from 'zod';
import { EVENT_STATUSES } from '../constants';

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
  /** The stored image name as the events admin saved it, or null. */
  eventImage: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  created_at: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventList = z.array(ZEvent);
export type TEventList = z.infer<typeof ZEventList>;

export const ZEventIdParams = z.object({ id: z.coerce.number().int().positive() });

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
