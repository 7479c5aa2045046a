import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { messageOf } from '../../lib/api-client';
import { PageTitle } from '../../components/PageTitle';
import { SuccessFrame } from './SuccessFrame';
import type { TRecordState } from './use-record-once';

/** What the screen says of a payment that is not (or not yet) confirmed. */
const CLOSED_TEXT = {
  'not-found': { title: 'success.notFoundTitle', text: 'success.notFound' },
  'not-confirmed': { title: 'success.notFoundTitle', text: 'success.notConfirmed' },
  unknown: { title: 'success.notFoundTitle', text: 'success.unknown' },
  refunded: { title: 'success.refundedTitle', text: 'success.refunded' },
} as const;

/**
 * A success screen before its payment is recorded: confirming (asking again while the provider
 * has not confirmed), not found, or a failure to retry. `continueTo` is where the screen's
 * Continue would go, offered as the way on.
 */
export function RecordStatus({
  state,
  continueTo,
}: {
  state: Exclude<TRecordState<unknown>, { kind: 'recorded' }>;
  continueTo: string;
}) {
  const { t } = useTranslation();
  const wayOn = (
    <Button component={Link} to={continueTo} variant="default">
      {t('success.continue')}
    </Button>
  );

  if (state.kind === 'confirming') {
    return (
      <SuccessFrame>
        <Stack gap="md" align="center" py="xl" role="status">
          <Loader aria-hidden />
          <PageTitle>{t('success.confirming')}</PageTitle>
          <Text>{t('success.confirmingText')}</Text>
        </Stack>
      </SuccessFrame>
    );
  }

  if (state.kind === 'failed') {
    return (
      <SuccessFrame>
        <Stack gap="md">
          <PageTitle>{t('success.failedTitle')}</PageTitle>
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {messageOf(state.error, t)}
          </Alert>
          <Group>
            <Button onClick={state.retry}>{t('common.tryAgain')}</Button>
            {wayOn}
          </Group>
        </Stack>
      </SuccessFrame>
    );
  }

  const { title, text } = CLOSED_TEXT[state.kind];
  return (
    <SuccessFrame>
      <Stack gap="md">
        <PageTitle>{t(title)}</PageTitle>
        <Text>{t(text)}</Text>
        <Group>
          {state.kind === 'not-confirmed' && (
            <Button onClick={state.retry}>{t('common.tryAgain')}</Button>
          )}
          {wayOn}
        </Group>
      </Stack>
    </SuccessFrame>
  );
}
