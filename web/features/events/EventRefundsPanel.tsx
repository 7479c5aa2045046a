import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import type { useRefundEventBuyers } from './api/manage-events';

/**
 * "Refund every buyer" of a cancelled event and what it did: how many were refunded now or
 * before, and each refund that failed (the others went on). It can be run again safely.
 */
export function EventRefundsPanel({
  eventId,
  refunds,
}: {
  eventId: number;
  refunds: ReturnType<typeof useRefundEventBuyers>;
}) {
  const { t } = useTranslation();
  const result = refunds.data;
  return (
    <Stack gap="sm">
      {refunds.isError && (
        <LoadErrorAlert
          error={refunds.error}
          retrying={refunds.isPending}
          onRetry={() => refunds.mutate(eventId)}
        />
      )}
      {result && (
        <Alert color={result.failed.length > 0 ? 'orange' : 'green'} variant="light">
          <Text size="sm">
            {t('refunds.event.done', { count: result.refunded })}{' '}
            {result.alreadyRefunded > 0 &&
              t('refunds.event.before', { count: result.alreadyRefunded })}
          </Text>
          {result.failed.length > 0 && (
            <>
              <Text size="sm" fw={600} mt="xs">
                {t('refunds.event.failed', { count: result.failed.length })}
              </Text>
              <List size="sm">
                {result.failed.map((failure) => (
                  <List.Item key={failure.transactionID} style={{ wordBreak: 'break-all' }}>
                    {failure.transactionID}: {failure.message}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {(!result || result.failed.length > 0) && !refunds.isError && (
        <Button
          color="red.9"
          variant="light"
          leftSection={<IconReceiptRefund aria-hidden size={18} />}
          loading={refunds.isPending}
          onClick={() => refunds.mutate(eventId)}
        >
          {result ? t('refunds.event.again') : t('refunds.event.button')}
        </Button>
      )}
    </Stack>
  );
}
