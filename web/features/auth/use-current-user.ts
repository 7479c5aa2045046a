import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TSessionKind } from '../../../domain/constants';
import type { TAdminUser, TMemberUser } from '../../../domain/contracts/auth';
import { rolesOf, type TRole } from '../../app/navigation';
import { useSessionKinds } from '../../app/use-session-kinds';
import { sessionUserQuery } from './api';

export interface TCurrentUser {
  kinds: TSessionKind[];
  roles: Set<TRole>;
  /** The signed-in global admin (temporary admins included) or super user. */
  admin?: TAdminUser;
  member?: TMemberUser;
  /** A global admin login of a staff board member (spec 02 §4 "User type"). */
  isTempAdmin: boolean;
}

/**
 * Who is signed in, from the stored logins and the server's token look-ups. The admin look-up
 * says is_staff, which turns a global admin login into a temporary admin; until it answers the
 * login counts as a global admin, but sign-in and app start fill the cache before any screen.
 */
export function useCurrentUser(): TCurrentUser {
  const kinds = useSessionKinds();
  // The global admin login wins over a super user one, as it does for API calls.
  const adminKind = (['ga', 'su'] as const).find((kind) => kinds.includes(kind));
  const adminQuery = useQuery({ ...sessionUserQuery(adminKind ?? 'ga'), enabled: !!adminKind });
  const memberQuery = useQuery({ ...sessionUserQuery('mem'), enabled: kinds.includes('mem') });

  const admin = adminKind && adminQuery.data?.kind !== 'mem' ? adminQuery.data : undefined;
  const member =
    kinds.includes('mem') && memberQuery.data?.kind === 'mem' ? memberQuery.data : undefined;
  const isTempAdmin = adminKind === 'ga' && admin?.is_staff === true;
  const roles = useMemo(() => rolesOf(kinds, isTempAdmin), [kinds, isTempAdmin]);
  return { kinds, roles, admin, member, isTempAdmin };
}
