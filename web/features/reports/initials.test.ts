import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first and the last name', () => {
    expect(initialsOf('Asha Patel')).toBe('AP');
    expect(initialsOf('  asha  kumari   patel ')).toBe('AP');
  });

  it('takes one letter of a single name', () => {
    expect(initialsOf('Asha')).toBe('A');
  });

  it('shows a question mark for an empty name', () => {
    expect(initialsOf('   ')).toBe('?');
  });
});
