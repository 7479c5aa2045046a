/**
 * Door check-in (issue 9): staff at the door scan a ticket's QR code, or type its code, and the
 * ticket's seats are marked arrived. `POST /api/checkin/:eventid` with `{ code, requestId }`.
 *
 * A scan is idempotent: the browser sends one `requestId` per scan, and a retry of that request
 * (a lost answer over bad Wi-Fi) answers `checked-in` again; a later, distinct scan of the same
 * code answers `already-checked-in` with the first scan's time.
 */
import { z } from 'zod';
import { ZId } from './fields';

/** What a door code looks like: 'XXXX-XXXX' from the alphabet without 0/O, 1/I/L, U. */
export const DOOR_CODE_PATTERN = /^[A-HJKMNP-TV-Z2-9]{4}-[A-HJKMNP-TV-Z2-9]{4}$/;

export const CHECKIN_MESSAGES = {
  codeFormat: 'A ticket code looks like ABCD-EF23.',
  unknown: 'No ticket has this code.',
  otherEvent: 'This ticket is for another event.',
  notPaid: 'This ticket is not paid: its payment was refunded or cancelled.',
  eventCancelled: 'This event was cancelled.',
} as const;

/**
 * The code as typed or scanned: spaces dropped, any case, the dash optional ("abcd ef23",
 * "ABCDEF23"), so a code read aloud and typed on a phone still matches.
 */
export function normalizeDoorCode(text: string): string {
  const bare = text.toUpperCase().replace(/[\s-]/g, '');
  return bare.length === 8 ? `${bare.slice(0, 4)}-${bare.slice(4)}` : bare;
}

export const ZCheckinParams = z.object({ eventid: ZId });

export const ZCheckinRequest = z.object({
  code: z
    .string()
    .max(40, CHECKIN_MESSAGES.codeFormat)
    .transform(normalizeDoorCode)
    .refine((code) => DOOR_CODE_PATTERN.test(code), CHECKIN_MESSAGES.codeFormat),
  /** One per scan (a random id); the same id again is a retry of that scan. */
  requestId: z.string().trim().min(8).max(64),
});
export type TCheckinRequest = z.input<typeof ZCheckinRequest>;

export const CHECKIN_TICKET_KINDS = ['member-ticket', 'nonmember-ticket', 'table-for-10'] as const;
export type TCheckinTicketKind = (typeof CHECKIN_TICKET_KINDS)[number];

export const ZCheckinTicket = z.object({
  code: z.string(),
  /** The buyer's name as the payment keeps it (or their e-mail when no name was given). */
  buyer: z.string(),
  kind: z.enum(CHECKIN_TICKET_KINDS),
  /** People the ticket lets in: the tickets bought, 10 for a table. */
  seats: z.number().int(),
  /** When the ticket was first checked in (ISO instant). */
  checkedInAt: z.string(),
});
export type TCheckinTicket = z.infer<typeof ZCheckinTicket>;

export const CHECKIN_OUTCOMES = ['checked-in', 'already-checked-in'] as const;

export const ZCheckinResult = z.object({
  /** `checked-in`: this scan let them in; `already-checked-in`: an earlier scan did. */
  outcome: z.enum(CHECKIN_OUTCOMES),
  ticket: ZCheckinTicket,
});
export type TCheckinResult = z.infer<typeof ZCheckinResult>;

/** The check-in screen's header: the event and its seats arrived of those sold. */
export const ZCheckinSummary = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  eventTime: z.string(),
  status: z.string(),
  /** Seats of tickets checked in (and still paid). */
  arrived: z.number().int(),
  /** Seats of confirmed ticket payments. */
  sold: z.number().int(),
});
export type TCheckinSummary = z.infer<typeof ZCheckinSummary>;
