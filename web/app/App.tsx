import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppRouterView, type TAppRouter } from './hash-router';
import { AppProviders } from './providers';

export function App({
  router,
  queryClient,
  onMounted,
}: {
  router: TAppRouter;
  queryClient: QueryClient;
  onMounted: () => void;
}) {
  useEffect(onMounted, [onMounted]);
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouterView router={router} />
    </AppProviders>
  );
}
