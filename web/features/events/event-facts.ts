import type { TEvent } from '../../../domain/contracts/events';
import { formatCalendarDate } from '../../../domain/dates';

/** An event's 'HH:mm' (24-hour, the association's local time) as "6:30 PM". */
export function formatEventTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const hour = Number(match[1]);
  const period = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${period}`;
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
