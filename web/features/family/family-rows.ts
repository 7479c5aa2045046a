/**
 * The family view's rows (spec 02 §2.11): the member first, then the spouse, then dependents
 * by slot. Dependent rows show only name, membership type, address and date of birth; every
 * shown value goes through the shared formatters.
 */
import type { TFamilyRecord, TFamilySlotName } from '../../../domain/contracts/family';
import { formatCalendarDate } from '../../lib/format';
import { addressLines, fullName } from '../../../domain/display';
import { formatPhone } from '../../lib/format';
import { dependentsOfRecord, hasSpouse } from '../membership/family-record';

export type TRelation = 'Member' | 'Spouse' | 'Dependent';

export interface TFamilyRow {
  key: string;
  relation: TRelation;
  /** The slot a Delete removes; null for the member's own row. */
  slotName: TFamilySlotName | null;
  familyId: string;
  name: string;
  membershipType: string;
  address: string[];
  email: string;
  phone: string;
  dateOfBirth: string;
}

export function familyRowsOf(record: TFamilyRecord): TFamilyRow[] {
  const shared = {
    membershipType: record.MembershipType ?? '',
    address: addressLines(record),
  };
  const rows: TFamilyRow[] = [
    {
      ...shared,
      key: 'member',
      relation: 'Member',
      slotName: null,
      familyId: record.FamilyPlanId ?? '',
      name: fullName(record.MemberFirstName, record.MemberLastName),
      email: record.email,
      phone: formatPhone(record.contactPhone),
      dateOfBirth: formatCalendarDate(record.dateOfBirth),
    },
  ];
  if (hasSpouse(record)) {
    rows.push({
      ...shared,
      key: 'spouse',
      relation: 'Spouse',
      slotName: 'spouse',
      familyId: record.FamilyPlanId ?? '',
      name: fullName(record.spouseFirstName, record.spouseLastName),
      email: record.spouseemail ?? '',
      phone: formatPhone(record.spousecontactPhone),
      dateOfBirth: formatCalendarDate(record.spousedateOfBirth),
    });
  }
  for (const dependent of dependentsOfRecord(record)) {
    rows.push({
      ...shared,
      key: dependent.slotName,
      relation: 'Dependent',
      slotName: dependent.slotName,
      familyId: '',
      name: dependent.name,
      email: '',
      phone: '',
      dateOfBirth: formatCalendarDate(dependent.dateOfBirth),
    });
  }
  return rows;
}
