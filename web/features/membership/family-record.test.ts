import { describe, expect, it } from 'vitest';
import { dependentsOfRecord, hasSpouse } from './family-record';
import { RECORD } from './family-record.fixture';

describe('dependentsOfRecord', () => {
  it('lists the filled slots in order, each with its slot name, gaps kept', () => {
    expect(dependentsOfRecord(RECORD)).toEqual([
      { slotName: 'dep2', name: 'Mira', dateOfBirth: '2015-04-02' },
      { slotName: 'dep6', name: 'Dev', dateOfBirth: '2018-09-30' },
    ]);
  });

  it('tells whether the family has a spouse', () => {
    expect(hasSpouse(RECORD)).toBe(false);
    expect(hasSpouse({ ...RECORD, spouseFirstName: 'Ravi' })).toBe(true);
  });
});
