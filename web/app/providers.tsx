import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DAYJS_LOCALES } from '../i18n/dates-locale';
import { toLanguageCode } from '../i18n/language';
import { cssVariablesResolver, theme } from './theme';

// The toast container and its transitions load after the first paint; a toast raised before
// then waits in the notifications store and shows as soon as the container arrives.
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
  // Date pickers anywhere follow the interface language (its dayjs locale loaded with it).
  const { i18n } = useTranslation();
  const dayjsLocale = DAYJS_LOCALES[toLanguageCode(i18n.language) ?? 'en'];
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <DatesProvider settings={{ locale: dayjsLocale }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
