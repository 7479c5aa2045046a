/**
 * How a family may grow (DESIGN §3d): a freed slot up to the number paid for refills for free;
 * beyond it dependents are bought, never past the plan's limit.
 */
import { MAX_DEPENDENTS } from '../../../domain/constants';

export type TDependentRoom =
  { kind: 'full'; cap: number } | { kind: 'free'; free: number } | { kind: 'paid'; room: number };

export function dependentRoom(family: {
  dependents: number;
  dependentsPaid: number;
  maxDependent: number;
}): TDependentRoom {
  const cap = Math.min(family.maxDependent, MAX_DEPENDENTS);
  if (family.dependents >= cap) return { kind: 'full', cap };
  const free = Math.min(family.dependentsPaid, cap) - family.dependents;
  if (free > 0) return { kind: 'free', free };
  return { kind: 'paid', room: cap - family.dependents };
}
