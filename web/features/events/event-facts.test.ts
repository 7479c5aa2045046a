import { describe, expect, it } from 'vitest';
import { formatEventTime, formatEventWhen, saleStateOf, seatsLine } from './event-facts';
import en from '../../i18n/locales/en.json';

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

describe('seatsLine', () => {
  const english = (event: { seatsLeft: number; seatsHeld: number }) => {
    const { key, values } = seatsLine(event);
    const facts = en.events.facts as Record<string, string>;
    return facts[key.replace('events.facts.', '')].replace(
      /{{(\w+)}}/g,
      (_, name: 'seats' | 'held') => String(values[name]),
    );
  };

  it('shows the seats held by checkouts not yet paid beside the seats left', () => {
    expect(english({ seatsLeft: 12, seatsHeld: 30 })).toBe('12 left, 30 being paid for');
    expect(english({ seatsLeft: 12, seatsHeld: 0 })).toBe('Seats left: 12');
  });

  it('says a sold-out event may free up while seats are only being paid for', () => {
    expect(english({ seatsLeft: 0, seatsHeld: 30 })).toBe(
      'Sold out for now: 30 being paid for, which come free if their payments lapse',
    );
    expect(english({ seatsLeft: 0, seatsHeld: 0 })).toBe('Sold out');
  });
});
