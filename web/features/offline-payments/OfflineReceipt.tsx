import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TOfflinePaymentAnswer } from '../../../domain/contracts/offline-payments';
import { DoorCodeQr } from '../../components/DoorCodeQr';
import { displayTimeZone } from '../../components/display-time-zone';
import { moneyText } from '../../components/money-text';
import { formatReceiptDateTime } from '../../lib/format';
import { methodText } from './method-text';

/** What was recorded, as the success screens show a card payment: its receipt and door code. */
export function OfflineReceipt({
  answer,
  onDone,
}: {
  answer: TOfflinePaymentAnswer;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { payment } = answer;
  const facts: [string, string | null][] = [
    [t('offline.receipt.transactionId'), payment.transactionID],
    [t('offline.receipt.product'), payment.productName],
    [t('offline.receipt.event'), payment.eventName],
    [t('offline.receipt.amount'), moneyText(answer.amount)],
    [t('offline.receipt.method'), methodText(payment, t)],
    [
      t('offline.receipt.date'),
      formatReceiptDateTime(payment.confirmed_at ?? payment.created_at, displayTimeZone()),
    ],
    [t('offline.receipt.doorCode'), payment.ticketCode],
  ];
  return (
    <Stack gap="md" data-testid="offline-receipt">
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('offline.receipt.recorded', { email: payment.email })}
      </Alert>
      <Paper withBorder p="md" component="article">
        <Title order={3} size="h5" mb="xs" style={{ wordBreak: 'break-all' }}>
          {t('offline.receipt.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="sm" fw={600}>
                  {label}
                </Text>
                <Text component="dd" m={0} style={{ wordBreak: 'break-all' }}>
                  {value}
                </Text>
              </div>
            ))}
        </SimpleGrid>
        {payment.ticketCode && (
          <Stack align="center" mt="md" gap="xs">
            <DoorCodeQr
              code={payment.ticketCode}
              label={t('offline.receipt.qr', { code: payment.ticketCode })}
            />
            <Text size="sm">{t('offline.receipt.showAtDoor')}</Text>
          </Stack>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('offline.done')}</Button>
      </Group>
    </Stack>
  );
}
