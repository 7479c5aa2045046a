import { queryOptions } from '@tanstack/react-query';
import { ZPlanList } from '../../../../domain/contracts/plans';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/memberplan`: the plans on offer (anyone), for joining and renewing. */
export const activePlansQuery = () =>
  queryOptions({
    queryKey: ['plans', 'active'],
    queryFn: async ({ signal }) => ZPlanList.parse(await apiFetch('/memberplan', { signal })),
  });
