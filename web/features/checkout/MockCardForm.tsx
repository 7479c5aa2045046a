import '@mantine/core/styles/List.css';
import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  MOCK_TEST_CARDS,
  ZMockCardPayment,
  type TMockCheckout,
} from '../../../domain/contracts/payments';
import { ApiError, messageOf } from '../../lib/api-client';
import { moneyText } from '../../components/money-text';
import { useGoToUrl } from '../../components/use-go-to-url';
import { useCancelMockCheckout } from './api/cancel-mock-checkout';
import { usePayMockCheckout } from './api/pay-mock-checkout';
import { formatCardNumber, formatCvc, formatExpiry, hasCardNumber } from './card-input';

type TCardField = 'cardNumber' | 'expiry' | 'cvc';

/** The card form of an open mock checkout: Pay with a test card, or Cancel back to the event. */
export function MockCardForm({ checkout }: { checkout: TMockCheckout }) {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const pay = usePayMockCheckout(checkout.transactionID);
  const cancel = useCancelMockCheckout(checkout.transactionID);
  const [card, setCard] = useState<Record<TCardField, string>>({
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
  const [submitted, setSubmitted] = useState(false);

  const parsed = ZMockCardPayment.safeParse(card);
  const invalid = new Set<string>();
  if (submitted) {
    if (!parsed.success) parsed.error.issues.forEach((issue) => invalid.add(String(issue.path[0])));
    if (!hasCardNumber(card.cardNumber)) invalid.add('cardNumber');
  }
  const serverFields = pay.error instanceof ApiError ? pay.error.fields : undefined;
  Object.keys(serverFields ?? {}).forEach((field) => invalid.add(field));
  const declined = pay.error instanceof ApiError && pay.error.code === 'PAYMENT_REQUIRED';
  const otherError = pay.error && !declined && !serverFields ? pay.error : cancel.error;

  function edit(field: TCardField, value: string) {
    // A decline or a refusal was about the card as it was.
    pay.reset();
    setCard((current) => ({ ...current, [field]: value }));
  }

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    setSubmitted(true);
    if (!parsed.success || !hasCardNumber(card.cardNumber)) return;
    pay.mutate(parsed.data, {
      // Replace: going back must not land on a checkout that is already paid.
      onSuccess: (answer) => goTo(answer.successUrl, { replace: true }),
    });
  }

  const errorOf = (field: TCardField) =>
    invalid.has(field) ? t(`checkout.fieldErrors.${field}`) : undefined;
  const busy = pay.isPending || pay.isSuccess || cancel.isPending || cancel.isSuccess;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {declined && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('checkout.declined')}
          >
            {t('checkout.declinedRetry')}
          </Alert>
        )}
        <TextInput
          label={t('checkout.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          leftSection={<IconCreditCard aria-hidden size={18} />}
          required
          value={card.cardNumber}
          error={errorOf('cardNumber')}
          onChange={(event) => edit('cardNumber', formatCardNumber(event.currentTarget.value))}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            label={t('checkout.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            value={card.expiry}
            error={errorOf('expiry')}
            onChange={(event) => edit('expiry', formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label={t('checkout.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            value={card.cvc}
            error={errorOf('cvc')}
            onChange={(event) => edit('cvc', formatCvc(event.currentTarget.value))}
          />
        </SimpleGrid>
        <Alert color="gray" variant="light" title={t('checkout.testCardsTitle')}>
          <List size="sm" spacing={4}>
            <List.Item>{t('checkout.testCardPays', { card: MOCK_TEST_CARDS.pays })}</List.Item>
            <List.Item>
              {t('checkout.testCardDeclines', { card: MOCK_TEST_CARDS.declines })}
            </List.Item>
            <List.Item>{t('checkout.testCardOther')}</List.Item>
          </List>
        </Alert>
        {otherError && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {otherError instanceof ApiError && otherError.code === 'CONFLICT'
              ? t('checkout.closedMeanwhile')
              : messageOf(otherError, t)}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={pay.isPending || pay.isSuccess}
            disabled={busy && !pay.isPending}
          >
            {t('checkout.pay', { amount: moneyText(checkout.amount) })}
          </Button>
          <Button
            variant="default"
            loading={cancel.isPending || cancel.isSuccess}
            disabled={busy && !cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: (answer) => goTo(answer.cancelUrl, { replace: true }),
              })
            }
          >
            {t('checkout.cancel')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('checkout.noRealMoney')}
        </Text>
      </Stack>
    </form>
  );
}
