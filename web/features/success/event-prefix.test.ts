import { describe, expect, it } from 'vitest';
import { ticketProductNames } from '../../../domain/display';
import { eventPrefixOf } from './event-prefix';

describe('eventPrefixOf', () => {
  it('reads the prefix back from each ticket product name the server stores', () => {
    for (const name of Object.values(ticketProductNames('Gala'))) {
      expect(eventPrefixOf(name)).toBe('Gala');
    }
  });

  it('keeps a prefix of several words', () => {
    expect(eventPrefixOf(ticketProductNames('Diwali Night').nonMember)).toBe('Diwali Night');
  });

  it('answers no prefix for a product that is not a ticket', () => {
    expect(eventPrefixOf('Gold Membership')).toBe('');
  });
});
