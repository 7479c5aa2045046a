import type { TEvent } from '../../../domain/contracts/events';
import { formatCalendarDate, formatClockTime } from '../../lib/format';

/** An event's 'HH:mm' (24-hour, the association's local time) as "6:30 PM" in English. */
export function formatEventTime(hhmm: string): string {
  return formatClockTime(hhmm);
}

/** "Nov 1, 2026, 6:30 PM": the event's calendar day and start time. */
export function formatEventWhen(event: Pick<TEvent, 'eventDate' | 'eventTime'>): string {
  const day = formatCalendarDate(event.eventDate);
  return event.eventTime ? `${day}, ${formatEventTime(event.eventTime)}` : day;
}

export type TSaleState = 'on-sale' | 'sold-out' | 'over' | 'cancelled';

/**
 * Whether the page offers tickets. The server decides at checkout; this only spares a buyer a
 * form that would be refused. `today` is 'YYYY-MM-DD'; an event of today still sells.
 */
export function saleStateOf(
  event: Pick<TEvent, 'status' | 'eventDate' | 'seatsLeft'>,
  today: string,
): TSaleState {
  if (event.status === 'cancelled') return 'cancelled';
  if (event.eventDate < today) return 'over';
  if (event.seatsLeft <= 0) return 'sold-out';
  return 'on-sale';
}

/**
 * The seats line's translation key and values: seats left, and honestly the ones held by checkouts
 * not yet paid ("12 left, 30 being paid for"), which may come free when those lapse, so "sold out"
 * alone would mislead.
 */
export function seatsLine(event: Pick<TEvent, 'seatsLeft' | 'seatsHeld'>): {
  key:
    | 'events.facts.seatsLeftHeld'
    | 'events.facts.seatsLeft'
    | 'events.facts.soldOutHeld'
    | 'events.facts.soldOut';
  values: { seats: number; held: number };
} {
  const values = { seats: event.seatsLeft, held: event.seatsHeld };
  if (values.seats > 0) {
    return {
      key: values.held > 0 ? 'events.facts.seatsLeftHeld' : 'events.facts.seatsLeft',
      values,
    };
  }
  return { key: values.held > 0 ? 'events.facts.soldOutHeld' : 'events.facts.soldOut', values };
}
