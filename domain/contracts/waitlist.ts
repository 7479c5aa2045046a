/**
 * The waiting list of a sold-out event (issue 9): `POST /api/nonmember/iview` puts a family on it
 * with the seats it needs, a link confirms the e-mail, and when seats come free the first entry
 * whose need fits gets an offer that holds them for WAITLIST_OFFER_HOURS. Staff see and edit each
 * event's list.
 */
import { z } from 'zod';
import { ANONYMOUS_LIMITS, WAITLIST_STATUSES } from '../constants';
import { ZEmail } from './auth';
import { ZId, ZLine, ZWhole } from './fields';
import { ZContactPhone } from './payments';

/** A family needs at most what one buyer e-mail may hold unpaid (a table's 10 seats). */
export const WAITLIST_MAX_SEATS = ANONYMOUS_LIMITS.unpaidHolds.seatsPerEmail;

export const WAITLIST_MESSAGES = {
  joined:
    'Almost there: we sent you an e-mail. Open its link to confirm your address and take your place on the waiting list.',
  notSoldOut: 'This event still has seats: buy your tickets on its page.',
  alreadyOnList: 'This e-mail is already on the waiting list for this event.',
  confirmed: 'Your e-mail is confirmed: you are on the waiting list.',
  linkInvalid: 'This link is not valid or has been used up.',
  offerInvalid: 'This offer is not valid any more: it expired, was used, or was withdrawn.',
  offerNotYours: 'This offer was made to another e-mail address.',
  rateLimited: 'Too many waiting-list requests. Please wait and try again later.',
  removed: 'The entry was removed from the waiting list.',
  updated: 'The seats of the entry were saved.',
  notEditable: 'Only entries still waiting (or with an open offer) can be changed.',
} as const;

const ZName = (label: string) =>
  ZLine().min(1, `${label} is required`).max(100, `${label} is at most 100 characters`);

export const ZWaitlistSeats = ZWhole(1, WAITLIST_MAX_SEATS, {
  int: 'Whole seats only.',
  min: 'At least 1 seat.',
  max: `At most ${WAITLIST_MAX_SEATS} seats.`,
});

/** `POST /api/nonmember/iview`: a visitor's interest in an event. */
export const ZWaitlistJoin = z.object({
  eventid: ZId,
  fname: ZName('First name'),
  lname: ZName('Last name'),
  email: ZEmail,
  contact: ZContactPhone,
  seats: ZWaitlistSeats,
});
export type TWaitlistJoin = z.input<typeof ZWaitlistJoin>;

export const ZWaitlistJoined = z.object({
  message: z.string(),
  status: z.enum(WAITLIST_STATUSES),
});
export type TWaitlistJoined = z.infer<typeof ZWaitlistJoined>;

/** A link's token (confirmation or offer) as a path carries it. */
export const ZWaitlistTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid or has been used up.'),
});

/** `POST /api/waitlist/confirm/:token`. */
export const ZWaitlistConfirmed = z.object({
  message: z.string(),
  eventid: z.number().int(),
  eventName: z.string(),
  seats: z.number().int(),
  /** Confirmed entries ahead of this one, plus one. */
  position: z.number().int(),
  /**
   * Set while the entry has an open offer (until when it holds the seats): the page then links
   * to the offer, which this confirmation link opens too, instead of a place in line.
   */
  offerExpiresAt: z.string().nullable(),
});
export type TWaitlistConfirmed = z.infer<typeof ZWaitlistConfirmed>;

/** `GET /api/waitlist/offer/:token`: what the offer link opens, the buyer filled in. */
export const ZWaitlistOffer = z.object({
  eventid: z.number().int(),
  eventName: z.string(),
  seats: z.number().int(),
  expiresAt: z.string(),
  buyer: z.object({
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    contact: z.string(),
  }),
});
export type TWaitlistOffer = z.infer<typeof ZWaitlistOffer>;

// ---- staff: each event's list -----------------------------------------------------------------

export const ZWaitlistEntry = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  contact: z.string(),
  seats: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  created_at: z.string(),
  confirmedAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

export const ZWaitlist = z.object({
  eventid: z.number().int(),
  eventName: z.string(),
  entries: z.array(ZWaitlistEntry),
});
export type TWaitlist = z.infer<typeof ZWaitlist>;

export const ZWaitlistEntryParams = z.object({ id: ZId });
export const ZWaitlistEntryUpdate = z.object({ seats: ZWaitlistSeats });
export type TWaitlistEntryUpdate = z.input<typeof ZWaitlistEntryUpdate>;
export const ZWaitlistChanged = z.object({ message: z.string(), entry: ZWaitlistEntry });
