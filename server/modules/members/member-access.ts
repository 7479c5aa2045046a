import type { TMemberIdParam } from '../../../domain/contracts/members';
import { assertMemberAccess, type TPrincipal } from '../../lib/auth';
import { invalid, unauthenticated } from '../../lib/errors';

/**
 * The member a member-scoped path is about: `me` is the signed-in member, a number is checked
 * against the caller (a member only their own, staff any; DESIGN §3c). Staff have no `me`.
 */
export function memberIdFor(principal: TPrincipal | null, param: TMemberIdParam): number {
  if (!principal) throw unauthenticated();
  if (param === 'me') {
    if (principal.role !== 'member')
      throw invalid('Name the member by id.', { id: 'Name the member by id.' });
    return principal.subjectId;
  }
  assertMemberAccess(principal, param);
  return param;
}
