/**
 * Whose membership a member-scoped screen shows (renewal, family, `#/add`): a signed-in member
 * their own (`me`), staff the member named by `?memberid=`. The server decides access again
 * on every call (DESIGN §3c); this only picks the login to send and the id to name.
 */
import type { TSessionKind } from '../../../domain/constants';

export interface TMemberScope {
  /** The path segment naming the member: a member id, or `me` for the signed-in member. */
  id: number | 'me';
  session: 'mem' | 'admin';
  /** True when staff look at another member's membership. */
  staff: boolean;
}

function positiveId(text: string | null): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  return Number(text);
}

/** Null when nobody's membership can be shown: staff who named no member, or no login at all. */
export function memberScopeOf(
  memberIdParam: string | null,
  kinds: readonly TSessionKind[],
): TMemberScope | null {
  const named = positiveId(memberIdParam);
  const isStaff = kinds.includes('ga') || kinds.includes('su');
  if (named !== null && isStaff) return { id: named, session: 'admin', staff: true };
  if (kinds.includes('mem')) return { id: 'me', session: 'mem', staff: false };
  return null;
}

/** The query string that keeps staff on the same member when moving between these screens. */
export function scopeQuery(scope: TMemberScope): string {
  return scope.staff ? `?memberid=${scope.id}` : '';
}
