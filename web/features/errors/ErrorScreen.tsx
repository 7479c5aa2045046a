import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { hasAnySession } from '../../app/session-store';

/** Signed-in people are at home in the back office; visitors on the public event list. */
function homePath(): string {
  return hasAnySession() ? '/' : '/event';
}

export function ErrorScreen({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" align="flex-start">
      <PageTitle>{title}</PageTitle>
      <Text size="lg">{text}</Text>
      <Button
        component={Link}
        to={homePath()}
        leftSection={<IconArrowLeft aria-hidden size={18} />}
      >
        {t('errors.backHome')}
      </Button>
    </Stack>
  );
}
