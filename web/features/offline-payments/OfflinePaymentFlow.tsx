import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type {
  TOfflinePaymentAnswer,
  TOfflinePurchase,
  TOfflineQuote,
} from '../../../domain/contracts/offline-payments';
import { moneyText } from '../../components/money-text';
import { ApiError, messageOf } from '../../lib/api-client';
import { useOfflineQuote, useRecordOfflinePayment } from './api/offline-payments';
import { CASH, OfflineMethodFields, type TOfflineMethodValues } from './OfflineMethodFields';
import { OfflineReceipt } from './OfflineReceipt';

/** Why the server refused, in the reader's words; a refused purchase keeps nothing. */
function RefusalAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const conflict = error instanceof ApiError && error.code === 'CONFLICT';
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
      {conflict ? t('offline.errors.conflict') : messageOf(error, t)}
      {conflict && error.message && (
        <Text size="sm" mt={4}>
          {error.message}
        </Text>
      )}
    </Alert>
  );
}

/**
 * The three steps of an offline payment: what is bought (the caller's fields) and how it was
 * paid; the amount the server would collect, to confirm; and the receipt once recorded.
 * `purchaseOf` answers the purchase, or null when the caller's fields are not valid (the
 * caller then marks them).
 */
export function OfflinePaymentFlow({
  children,
  purchaseOf,
  onDone,
}: {
  children: ReactNode;
  purchaseOf: () => TOfflinePurchase | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<TOfflineMethodValues>(CASH);
  const [submitted, setSubmitted] = useState(false);
  const [review, setReview] = useState<{ purchase: TOfflinePurchase; quote: TOfflineQuote } | null>(
    null,
  );
  const [recorded, setRecorded] = useState<TOfflinePaymentAnswer | null>(null);
  const quote = useOfflineQuote();
  const record = useRecordOfflinePayment();
  const chequeNumberMissing =
    submitted && method.method === 'cheque' && method.chequeNumber.trim() === '';
  const serverChequeError = record.error instanceof ApiError && !!record.error.fields?.chequeNumber;

  if (recorded) return <OfflineReceipt answer={recorded} onDone={onDone} />;

  if (review) {
    return (
      <Stack gap="md">
        <Text size="lg" fw={600} data-testid="offline-amount">
          {t('offline.review.collect', {
            amount: moneyText(review.quote.amount),
            method:
              method.method === 'cheque'
                ? t('offline.methodWithNumber', { number: method.chequeNumber.trim() })
                : t('offline.method.cash'),
          })}
        </Text>
        <Text>
          {t('offline.review.what', {
            product: review.quote.productName,
            email: review.quote.email,
          })}
        </Text>
        <RefusalAlert error={record.error} />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              record.reset();
              setReview(null);
            }}
          >
            {t('offline.review.back')}
          </Button>
          <Button
            loading={record.isPending}
            onClick={() =>
              record.mutate(
                {
                  method: method.method,
                  chequeNumber: method.method === 'cheque' ? method.chequeNumber : undefined,
                  purchase: review.purchase,
                },
                { onSuccess: setRecorded },
              )
            }
          >
            {t('offline.review.record')}
          </Button>
        </Group>
      </Stack>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const purchase = purchaseOf();
    if (!purchase || (method.method === 'cheque' && method.chequeNumber.trim() === '')) return;
    quote.mutate(purchase, { onSuccess: (answer) => setReview({ purchase, quote: answer }) });
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {children}
        <OfflineMethodFields
          values={method}
          chequeNumberMissing={chequeNumberMissing || serverChequeError}
          onChange={(values) => {
            quote.reset();
            setMethod(values);
          }}
        />
        <RefusalAlert error={quote.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={quote.isPending}>
            {t('offline.review.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
