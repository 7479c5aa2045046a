/**
 * Who may read a payment (DESIGN §3c): staff any; a member the payments of their own membership;
 * anyone holding the unguessable transaction id a payment of a kind anyone may buy (non-member
 * tickets, tables, joining), which is how an anonymous buyer reaches their success screen; and,
 * the same way, a renewal paid through a reminder's link by a member who is not signed in.
 */
import type { TPaymentRow } from '../../db/schema';
import { isStaffRole, type TPrincipal } from '../../lib/auth';
import { forbidden, unauthenticated } from '../../lib/errors';
import { isRegisteredKind, kindOf } from './kinds';

function readableByIdHolder(payment: Pick<TPaymentRow, 'kind' | 'details'>): boolean {
  if (typeof payment.details.reminderId === 'number') return true;
  // A kind not (yet) registered is treated as a family's: the safe default
  return isRegisteredKind(payment.kind) && kindOf(payment.kind).buyers !== 'family';
}

export function assertMayReadPayment(payment: TPaymentRow, principal: TPrincipal | null): void {
  if (principal && isStaffRole(principal.role)) return;
  if (principal?.role === 'member' && payment.memberId === principal.subjectId) return;
  if (readableByIdHolder(payment)) return;
  if (!principal) throw unauthenticated('Please sign in to see this payment.');
  throw forbidden('You may only see the payments of your own membership.');
}
