import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { useParams } from 'react-router';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TMockCheckout } from '../../../domain/contracts/payments';
import { formatReceiptDateTime } from '../../lib/format';
import { ApiError } from '../../lib/api-client';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { moneyText } from '../../components/money-text';
import { PageTitle } from '../../components/PageTitle';
import { MAIN_CONTENT_ID } from '../../components/SkipLink';
import { useGoToUrl } from '../../components/use-go-to-url';
import { useMockCheckout } from './api/get-mock-checkout';
import { MockCardForm } from './MockCardForm';

function Purchase({ checkout }: { checkout: TMockCheckout }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fw={600}>{checkout.summary}</Text>
      <Text size="sm">{t('checkout.receiptTo', { email: checkout.email })}</Text>
      <Text size="xl" fw={700}>
        {moneyText(checkout.amount)}
      </Text>
    </Stack>
  );
}

/** A checkout that can no longer be paid: what happened and the way on. */
function ClosedCheckout({ checkout }: { checkout: TMockCheckout }) {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  if (checkout.status === PAYMENT_STATUS_DONE && checkout.successUrl) {
    const successUrl = checkout.successUrl;
    return (
      <Alert color="teal" variant="light" title={t('checkout.state.paidTitle')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('checkout.state.paid')}</Text>
          <Button size="sm" onClick={() => goTo(successUrl, { replace: true })}>
            {t('checkout.state.seeReceipt')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const state =
    checkout.status === 'expired' ||
    checkout.status === 'cancelled' ||
    checkout.status === 'refunded'
      ? checkout.status
      : 'failed';
  return (
    <Alert
      color="gray"
      variant="light"
      role="alert"
      title={t(`checkout.state.${state}Title`)}
      icon={<IconInfoCircle aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`checkout.state.${state}`)}</Text>
        <Button
          size="sm"
          variant="default"
          onClick={() => goTo(checkout.cancelUrl, { replace: true })}
        >
          {t('checkout.state.startAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** `#/checkout/mock/:transactionID`: the mock provider's hosted page (DESIGN §4.2). */
export function MockCheckoutPage() {
  const { t } = useTranslation();
  const transactionId = useParams().transactionID ?? '';
  const checkout = useMockCheckout(transactionId);

  function body() {
    if (checkout.error instanceof ApiError && checkout.error.code === 'NOT_FOUND') {
      return (
        <Alert color="red" variant="light" role="alert" title={t('checkout.state.notFoundTitle')}>
          {t('checkout.state.notFound')}
        </Alert>
      );
    }
    if (checkout.isError) {
      return (
        <LoadErrorAlert
          error={checkout.error}
          retrying={checkout.isFetching}
          onRetry={() => void checkout.refetch()}
        />
      );
    }
    if (!checkout.data) return <Skeleton height={320} aria-label={t('common.loading')} />;
    const data = checkout.data;
    return (
      <Stack gap="lg">
        <Purchase checkout={data} />
        {data.status === 'pending' ? (
          <>
            {data.expiresAt && (
              <Text size="sm">
                {t('checkout.holdsUntil', {
                  time: formatReceiptDateTime(data.expiresAt, displayTimeZone()),
                })}
              </Text>
            )}
            <MockCardForm checkout={data} />
          </>
        ) : (
          <ClosedCheckout checkout={data} />
        )}
      </Stack>
    );
  }

  return (
    <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="xs" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconLock aria-hidden size={20} />
            <Text fw={700} size="lg">
              {t('checkout.provider')}
            </Text>
          </Group>
          <Badge color="red.9" variant="outline">
            {t('checkout.testMode')}
          </Badge>
        </Group>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
          <Stack gap="lg">
            <PageTitle>{t('checkout.title')}</PageTitle>
            {body()}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
