import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TABLE_FOR_TEN_SEATS } from '../../../domain/constants';
import type { TEvent } from '../../../domain/contracts/events';
import { ZTableCheckout } from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { moneyText } from '../../components/money-text';
import { useGoToUrl } from '../../components/use-go-to-url';
import { usePayQuote } from './api/get-pay-quote';
import { useStartTicketCheckout } from './api/start-checkout';
import { BuyerFields, EMPTY_BUYER, type TBuyerValues } from './BuyerFields';
import { CheckoutErrorAlert } from './CheckoutErrorAlert';
import { fieldsWithErrors } from './form-errors';
import { TicketCountInput } from './TicketCountInput';

interface TSeats {
  member_adult: number;
  member_kids5: number;
  member_kids613: number;
}

const SEAT_FIELDS = ['member_adult', 'member_kids5', 'member_kids613'] as const;

/** A whole table at the table price: the buyer and who sits at its 10 seats. */
export function TableForTenForm({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const checkout = useStartTicketCheckout();
  const [buyer, setBuyer] = useState<TBuyerValues>(EMPTY_BUYER);
  const [seats, setSeats] = useState<TSeats>({
    member_adult: TABLE_FOR_TEN_SEATS,
    member_kids5: 0,
    member_kids613: 0,
  });
  const [submitted, setSubmitted] = useState(false);
  const quote = usePayQuote({ kind: 'table-for-10', eventid: event.id });

  const parsed = ZTableCheckout.safeParse({
    kind: 'table-for-10',
    eventid: event.id,
    buyer,
    ...seats,
  });
  const invalid = new Set([
    ...(submitted && !parsed.success ? fieldsWithErrors(parsed.error.issues) : []),
    ...(checkout.error instanceof ApiError ? fieldsWithErrors(checkout.error.fields) : []),
  ]);
  const assigned = SEAT_FIELDS.reduce((sum, field) => sum + seats[field], 0);
  const seatsInvalid = SEAT_FIELDS.some((field) => invalid.has(field));

  function editBuyer(values: TBuyerValues) {
    checkout.reset();
    setBuyer(values);
  }

  function editSeats(field: keyof TSeats, value: number) {
    checkout.reset();
    setSeats((current) => ({ ...current, [field]: value }));
  }

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    checkout.mutate(parsed.data, { onSuccess: (answer) => goTo(answer.checkoutUrl) });
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <BuyerFields values={buyer} invalid={invalid} onChange={editBuyer} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {SEAT_FIELDS.map((field) => (
            <TicketCountInput
              key={field}
              label={t(`events.table.${field}`)}
              value={seats[field]}
              min={0}
              max={TABLE_FOR_TEN_SEATS}
              onChange={(value) => editSeats(field, value)}
            />
          ))}
        </SimpleGrid>
        <Text c={seatsInvalid ? 'red.8' : undefined} role={seatsInvalid ? 'alert' : undefined}>
          {seatsInvalid
            ? t('events.fieldErrors.tableSeats', { assigned, seats: TABLE_FOR_TEN_SEATS })
            : t('events.table.assigned', { assigned, seats: TABLE_FOR_TEN_SEATS })}
        </Text>
        <Text size="lg" fw={600}>
          {t('events.tickets.total', { amount: moneyText(quote.data?.amount ?? event.tablePrice) })}
        </Text>
        <CheckoutErrorAlert error={checkout.error} />
        <Group>
          <Button type="submit" loading={checkout.isPending || checkout.isSuccess}>
            {t('events.tickets.pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
