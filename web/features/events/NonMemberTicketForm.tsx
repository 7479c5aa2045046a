import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TEvent } from '../../../domain/contracts/events';
import { formatPhoneInput } from '../../../domain/phone';
import {
  MAX_TICKETS_PER_CHECKOUT,
  ZNonMemberTicketCheckout,
} from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { moneyText } from '../../components/money-text';
import { useGoToUrl } from '../../components/use-go-to-url';
import { usePayQuote } from './api/get-pay-quote';
import { useStartTicketCheckout } from './api/start-checkout';
import { BuyerFields, EMPTY_BUYER, type TBuyerValues } from './BuyerFields';
import { CheckoutErrorAlert } from './CheckoutErrorAlert';
import { fieldsWithErrors } from './form-errors';
import { TicketCountInput } from './TicketCountInput';
import { ticketsTotalText } from './tickets-total';

/** A waiting-list offer the form buys from: its seats are held for this buyer (issue 9). */
export interface TTicketOffer {
  token: string;
  seats: number;
  buyer: TBuyerValues;
}

/**
 * Tickets at the non-member price for anyone: the buyer's details, a count and the live total.
 * From a waiting-list offer, the buyer is filled in and the offer's held seats may be bought.
 */
export function NonMemberTicketForm({ event, offer }: { event: TEvent; offer?: TTicketOffer }) {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const checkout = useStartTicketCheckout();
  const [buyer, setBuyer] = useState<TBuyerValues>(() =>
    offer ? { ...offer.buyer, contact: formatPhoneInput(offer.buyer.contact) } : EMPTY_BUYER,
  );
  const [ticket, setTicket] = useState(offer?.seats ?? 1);
  const [submitted, setSubmitted] = useState(false);

  const maxTickets = Math.min(event.seatsLeft + (offer?.seats ?? 0), MAX_TICKETS_PER_CHECKOUT);
  const countValid = Number.isInteger(ticket) && ticket >= 1 && ticket <= maxTickets;
  const quote = usePayQuote({ kind: 'nonmember-ticket', eventid: event.id, ticket }, countValid);
  const parsed = ZNonMemberTicketCheckout.safeParse({
    kind: 'nonmember-ticket',
    eventid: event.id,
    ticket,
    buyer,
    ...(offer ? { offer: offer.token } : {}),
  });
  const invalid = new Set([
    ...(submitted && !parsed.success ? fieldsWithErrors(parsed.error.issues) : []),
    ...(submitted && ticket > maxTickets ? ['ticket'] : []),
    ...(checkout.error instanceof ApiError ? fieldsWithErrors(checkout.error.fields) : []),
  ]);

  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      // The server's verdict was about the old values.
      checkout.reset();
      set(value);
    };

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    setSubmitted(true);
    if (!parsed.success || ticket > maxTickets) return;
    checkout.mutate(parsed.data, { onSuccess: (answer) => goTo(answer.checkoutUrl) });
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <BuyerFields values={buyer} invalid={invalid} onChange={edit(setBuyer)} />
        <TicketCountInput
          label={t('events.tickets.count')}
          description={t('events.tickets.countHint', { max: maxTickets })}
          value={ticket}
          min={1}
          max={maxTickets}
          error={
            invalid.has('ticket')
              ? t('events.fieldErrors.ticket', { count: maxTickets })
              : undefined
          }
          onChange={edit(setTicket)}
        />
        <Text size="lg" fw={600} aria-live="polite">
          {t('events.tickets.total', {
            // The server's quote once it answers; the same price rule on the page until then
            amount:
              quote.data && quote.data.seats === ticket
                ? moneyText(quote.data.amount)
                : ticketsTotalText(event.nonMemberPrice, ticket),
          })}
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
