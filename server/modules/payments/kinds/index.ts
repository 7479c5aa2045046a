/**
 * The registry of checkout kinds. A kind is defined once (./types.ts: `defineKind`) and listed
 * here; checkout, confirmation, receipts, the mock page and the record calls find it by name.
 * The membership kinds (registration, renewal, dependents) live in the membership-kinds module.
 */
import type { TCheckoutKind } from '../../../../domain/constants';
import { MEMBERSHIP_KINDS } from '../../membership-kinds/membership-kinds';
import { donationKind } from './donation.kind';
import { memberTicketKind } from './member-ticket.kind';
import { nonMemberTicketKind } from './nonmember-ticket.kind';
import { tableForTenKind } from './table-for-10.kind';
import type { TRegisteredKind } from './types';

export const CHECKOUT_KIND_REGISTRY: readonly TRegisteredKind[] = [
  nonMemberTicketKind,
  tableForTenKind,
  memberTicketKind,
  ...MEMBERSHIP_KINDS,
  donationKind,
];

const byName = new Map<string, TRegisteredKind>(
  CHECKOUT_KIND_REGISTRY.map((def) => [def.kind, def]),
);

/** The kind of a stored payment; a payment of a kind no longer registered is a programming error. */
export function kindOf(kind: TCheckoutKind): TRegisteredKind {
  const def = byName.get(kind);
  if (!def)
    throw new Error(`Checkout kind '${kind}' is not registered in payments/kinds/index.ts.`);
  return def;
}

export function isRegisteredKind(kind: string): kind is TCheckoutKind {
  return byName.has(kind);
}
