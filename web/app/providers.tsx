import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNotificationsWanted } from '../components/notifications-wanted';
import { SHELL_HEADER_HEIGHT } from './layouts/shell-header';
import classes from './notifications.module.css';
import { cssVariablesResolver, theme } from './theme';

// The toast container and its transitions load once a screen that raises toasts has loaded; a
// toast raised before the container is there waits in the notifications store and shows then.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const notificationsWanted = useNotificationsWanted();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {notificationsWanted && (
        <Suspense fallback={null}>
          <Notifications
            position="top-right"
            classNames={{ root: classes.root }}
            styles={{ root: { '--shell-header-height': `${SHELL_HEADER_HEIGHT}px` } }}
          />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
