import { queryOptions } from '@tanstack/react-query';
import { ZPlanList } from '../../../../domain/contracts/plans';
import { apiFetch } from '../../../lib/api-client';

export const planKeys = { all: ['plans'] as const, every: ['plans', 'every'] as const };

/** `GET /api/memberplan?all=true` (staff): every plan, inactive ones included. */
export const allPlansQuery = () =>
  queryOptions({
    queryKey: planKeys.every,
    queryFn: async ({ signal }) =>
      ZPlanList.parse(await apiFetch('/memberplan?all=true', { session: 'admin', signal })),
  });
