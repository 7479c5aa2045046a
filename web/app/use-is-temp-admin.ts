import { useQuery } from '@tanstack/react-query';
import { ZAdminUser } from '../../domain/contracts/auth';
import { useSessionKinds } from './use-session-kinds';
import { apiFetch } from '../lib/api-client';

/**
 * Whether the global admin login is a temporary admin (a staff board member), who may not
 * delete family members or events, nor cancel events (DESIGN §3c). Asked of `GET /api/user/accToken/me`; until it answers,
 * the screen treats the login as temporary, so a Delete never shows to someone refused it.
 */
export function useIsTempAdmin(): boolean {
  const hasAdminLogin = useSessionKinds().includes('ga');
  const admin = useQuery({
    queryKey: ['session', 'admin-role'],
    queryFn: async ({ signal }) =>
      ZAdminUser.parse(await apiFetch('/user/accToken/me', { session: 'ga', signal })),
    enabled: hasAdminLogin,
    staleTime: 5 * 60_000,
  });
  if (!hasAdminLogin) return false;
  return admin.data?.role !== 'admin';
}
