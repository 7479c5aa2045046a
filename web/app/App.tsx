import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import type { TAppRouter } from './router';

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
      <RouterProvider router={router} />
    </AppProviders>
  );
}
