import { describe, expect, it } from 'vitest';
import { searchList } from './list-search';

const people = [
  { MemberFirstName: 'Asha', MemberLastName: 'Patel', email: 'asha@example.org' },
  { MemberFirstName: 'Ravi', MemberLastName: 'Shah', email: 'ravi@example.org' },
];

describe('list search (spec 01 §5)', () => {
  it('returns everything for an empty term or "all"', () => {
    expect(searchList(people, '')).toHaveLength(2);
    expect(searchList(people, 'ALL')).toHaveLength(2);
  });

  it('returns nothing without a list', () => {
    expect(searchList(null, 'asha')).toEqual([]);
  });

  it('matches "first last" names case-insensitively when there is a first name', () => {
    expect(searchList(people, 'asha pat')).toEqual([people[0]]);
    expect(searchList(people, 'RAVI SHAH')).toEqual([people[1]]);
  });

  it('still matches the other fields of a named item (the board list searches e-mail and phone)', () => {
    const board = [
      { fName: 'Asha', lName: 'Patel', email: 'asha@example.org', contactPhone: '7135550142' },
      { fName: 'Ravi', lName: 'Shah', email: 'ravi@example.org', contactPhone: '2815550199' },
    ];
    expect(searchList(board, 'ravi@')).toEqual([board[1]]);
    expect(searchList(board, '555014')).toEqual([board[0]]);
    expect(searchList(board, 'example.org')).toEqual(board);
  });

  it('does not match across two fields', () => {
    expect(searchList(people, 'patel asha@')).toEqual([]);
  });

  it('matches the whole item when there is no first name', () => {
    const rows = [
      { title: 'Diwali Gala', venue: 'Event Center' },
      { title: 'Holi', venue: 'Park' },
    ];
    expect(searchList(rows, 'center')).toEqual([rows[0]]);
  });
});
