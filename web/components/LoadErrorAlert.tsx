import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import { messageOf } from '../lib/api-client';

/** A read that failed: the friendly message for its error and a way to ask again. */
export function LoadErrorAlert({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      title={t('common.loadFailed')}
      icon={<IconAlertTriangle aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{messageOf(error, t)}</Text>
        <Button variant="default" size="sm" loading={retrying} onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
