import { describe, expect, it } from 'vitest';
import { formatEventTime, formatEventWhen, saleStateOf } from './event-facts';

describe('formatEventTime', () => {
  it.each([
    ['18:30', '6:30 PM'],
    ['00:05', '12:05 AM'],
    ['12:00', '12:00 PM'],
    ['09:15', '9:15 AM'],
  ])('shows %s as %s', (hhmm, shown) => {
    expect(formatEventTime(hhmm)).toBe(shown);
  });

  it('leaves a value that is not a time unchanged', () => {
    expect(formatEventTime('evening')).toBe('evening');
  });
});

describe('formatEventWhen', () => {
  it('joins the calendar day and the start time', () => {
    expect(formatEventWhen({ eventDate: '2026-11-01', eventTime: '18:30' })).toBe(
      'Nov 1, 2026, 6:30 PM',
    );
  });
});

describe('saleStateOf', () => {
  const event = { status: 'scheduled' as const, eventDate: '2026-11-01', seatsLeft: 5 };

  it('sells an event of today and later while seats are left', () => {
    expect(saleStateOf(event, '2026-11-01')).toBe('on-sale');
    expect(saleStateOf(event, '2026-10-01')).toBe('on-sale');
  });

  it('stops selling once the event day has passed', () => {
    expect(saleStateOf(event, '2026-11-02')).toBe('over');
  });

  it('says sold out when no seat is left', () => {
    expect(saleStateOf({ ...event, seatsLeft: 0 }, '2026-10-01')).toBe('sold-out');
  });

  it('says cancelled before anything else', () => {
    expect(saleStateOf({ ...event, status: 'cancelled', seatsLeft: 0 }, '2026-12-01')).toBe(
      'cancelled',
    );
  });
});
