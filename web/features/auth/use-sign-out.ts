import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from '../../app/hash-router';
import { signOut } from '../../app/sign-out';

/**
 * Signs out (spec 01 §4) and then forgets every cached answer, so the next person at this
 * browser sees nothing of the last one's data. `pending` covers the log calls' short wait.
 */
export function useSignOut(): { run: () => void; pending: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = useCallback(() => {
    setPending(true);
    void signOut(navigate).finally(() => {
      queryClient.clear();
      setPending(false);
    });
  }, [navigate, queryClient]);
  return { run, pending };
}
