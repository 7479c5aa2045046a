import { describe, expect, it } from 'vitest';
import { capacityBelowTakenMessage, type TEvent } from '../../../domain/contracts/events';
import { eventInputOf, eventProblemsOf, formValuesOf, NEW_EVENT, seatsTakenIn } from './event-form';

const filled = {
  ...NEW_EVENT,
  eventName: 'Diwali Gala',
  eventDate: '2027-11-01',
  eventTime: '18:30',
  venue: 'Samaj Hall',
  memberPrice: '25',
  nonMemberPrice: '35.5',
  tablePrice: '300.00',
  capacity: '200',
};

describe('the event form', () => {
  it('accepts a filled form and sends the removal of the image only when asked', () => {
    expect(eventProblemsOf(eventInputOf(filled, false))).toEqual({});
    expect(eventInputOf(filled, false)).not.toHaveProperty('eventImage');
    expect(eventInputOf(filled, true).eventImage).toBeNull();
  });

  it('finds the contract’s problems per field, first one each', () => {
    const problems = eventProblemsOf(
      eventInputOf(
        { ...filled, eventName: ' ', eventDate: '01/11/2027', memberPrice: '2.505', capacity: '' },
        false,
      ),
    );
    expect(problems).toEqual({
      eventName: 'Event name is required',
      eventDate: 'A date such as 2026-11-22.',
      memberPrice: 'An amount such as 25 or 25.50, at least 0.',
      capacity: 'Capacity is a whole number of seats from 1 to 100000.',
    });
  });

  it('fills the form from a stored event', () => {
    const event = {
      id: 1,
      eventName: 'Holi',
      eventDescription: 'Colours',
      eventDate: '2027-03-20',
      eventTime: '11:00',
      venue: 'Park',
      memberPrice: '5.00',
      nonMemberPrice: '8.00',
      tablePrice: '70.00',
      capacity: 90,
      seatsLeft: 90,
      seatsHeld: 0,
      eventImage: null,
      status: 'scheduled',
      created_at: '2026-11-01T00:00:00.000Z',
    } satisfies TEvent;
    expect(formValuesOf(event)).toMatchObject({ capacity: '90', memberPrice: '5.00' });
  });

  it('reads the seats taken from the server’s capacity message', () => {
    expect(seatsTakenIn(capacityBelowTakenMessage(37))).toBe(37);
    expect(seatsTakenIn(capacityBelowTakenMessage(1))).toBe(1);
    expect(seatsTakenIn('Something else')).toBeNull();
  });
});
