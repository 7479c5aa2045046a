import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { PageTitle } from './PageTitle';

/** A screen whose route exists but whose content a later release brings; it says so plainly. */
export function UpcomingScreen({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Alert
        variant="light"
        color="gray"
        title={t('shell.comingSoonTitle')}
        icon={<IconInfoCircle aria-hidden />}
      >
        {t('shell.comingSoon')}
      </Alert>
      {children}
    </Stack>
  );
}
