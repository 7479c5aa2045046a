import { describe, expect, it } from 'vitest';
import { RECORD } from '../membership/family-record.fixture';
import { familyRowsOf } from './family-rows';

describe('familyRowsOf', () => {
  it("starts with the member: Family ID, phone as (XXX) XXX-XXXX, birth as 'MMM d, y'", () => {
    const [member] = familyRowsOf(RECORD);
    expect(member).toMatchObject({
      relation: 'Member',
      slotName: null,
      familyId: 'GM0042',
      name: 'Asha Patel',
      phone: '(713) 555-0100',
      dateOfBirth: 'Mar 4, 1985',
      address: ['12 Elm St', 'Houston, TX, 77001'],
    });
  });

  it('adds the spouse only when there is one, with its own e-mail and phone', () => {
    expect(familyRowsOf(RECORD).map((row) => row.relation)).toEqual([
      'Member',
      'Dependent',
      'Dependent',
    ]);
    const withSpouse = {
      ...RECORD,
      spouseFirstName: 'Ravi',
      spouseLastName: 'Patel',
      spousecontactPhone: '713555012',
      spousedateOfBirth: '1984-11-20',
    };
    expect(familyRowsOf(withSpouse)[1]).toMatchObject({
      relation: 'Spouse',
      slotName: 'spouse',
      name: 'Ravi Patel',
      phone: '(713) 555-012',
      dateOfBirth: 'Nov 20, 1984',
    });
  });

  it('shows dependents with name, membership type, address and birth date only', () => {
    const dependents = familyRowsOf(RECORD).slice(1);
    expect(dependents.map((row) => row.slotName)).toEqual(['dep2', 'dep6']);
    expect(dependents[0]).toMatchObject({
      name: 'Mira',
      membershipType: 'Family Membership',
      dateOfBirth: 'Apr 2, 2015',
      familyId: '',
      email: '',
      phone: '',
    });
  });

  it('puts an address without a street on one line', () => {
    const [member] = familyRowsOf({ ...RECORD, street: '' });
    expect(member.address).toEqual(['Houston, TX, 77001']);
  });
});
