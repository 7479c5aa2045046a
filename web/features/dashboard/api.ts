import { queryOptions } from '@tanstack/react-query';
import { ZAllChart, ZMemChart } from '../../../domain/contracts/charts';
import { apiFetch } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  members: ['dashboard', 'memchart'] as const,
  payments: ['dashboard', 'allchart'] as const,
};

/** `GET /api/memchart`: members by plan, active and inactive, new members per month (staff). */
export const memberChartQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.members,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      ZMemChart.parse(await apiFetch('/memchart', { session: 'admin', signal })),
  });

/** `GET /api/allchart`: money in per month by kind, this year's total, tickets per event (staff). */
export const paymentChartQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.payments,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      ZAllChart.parse(await apiFetch('/allchart', { session: 'admin', signal })),
  });
