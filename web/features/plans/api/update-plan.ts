import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPlanUpdated, type TPlanUpdate } from '../../../../domain/contracts/plans';
import { apiFetch } from '../../../lib/api-client';
import { planKeys } from './get-all-plans';

/**
 * `PUT /api/memberplan/:id` with the whole plan (also how the magazine price is set). Every plan
 * list is refreshed after, the ones joining and renewal offer included.
 */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, plan }: { id: number; plan: TPlanUpdate }) =>
      ZPlanUpdated.parse(
        await apiFetch(`/memberplan/${id}`, { method: 'PUT', body: plan, session: 'admin' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
