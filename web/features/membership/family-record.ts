/**
 * Reading the spec's flat family record (dependname1..6, dependdob1..6) as a list. Slots keep
 * their place when one is deleted (DESIGN §3d), so each dependent carries its slot's name.
 */
import { MAX_DEPENDENTS } from '../../../domain/constants';
import {
  nameOfSlot,
  type TFamilyRecord,
  type TFamilySlotName,
} from '../../../domain/contracts/family';

export interface TRecordDependent {
  slotName: TFamilySlotName;
  name: string;
  dateOfBirth: string | null;
}

type TSlotNumber = 1 | 2 | 3 | 4 | 5 | 6;

export function dependentsOfRecord(record: TFamilyRecord): TRecordDependent[] {
  const dependents: TRecordDependent[] = [];
  for (let slot = 1; slot <= MAX_DEPENDENTS; slot++) {
    const n = slot as TSlotNumber;
    const name = record[`dependname${n}`];
    if (name)
      dependents.push({ slotName: nameOfSlot(slot), name, dateOfBirth: record[`dependdob${n}`] });
  }
  return dependents;
}

export function hasSpouse(record: TFamilyRecord): boolean {
  return Boolean(record.spouseFirstName || record.spouseLastName);
}
