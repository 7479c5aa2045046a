import { useCurrentUser } from '../auth/use-current-user';

/** Global admins and super users refund; temporary admins only see refunds (DESIGN §3c). */
export function useCanRefund(): boolean {
  const { roles } = useCurrentUser();
  return roles.has('admin') || roles.has('super');
}
