import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionKinds } from '../../app/use-session-kinds';
import { memberScopeOf, type TMemberScope } from './member-scope';

/** The member this screen is about, from `?memberid=` and the stored logins. */
export function useMemberScope(): TMemberScope | null {
  const kinds = useSessionKinds();
  const memberIdParam = useSearchParams()[0].get('memberid');
  return useMemo(() => memberScopeOf(memberIdParam, kinds), [memberIdParam, kinds]);
}
