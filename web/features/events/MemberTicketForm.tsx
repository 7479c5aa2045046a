import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../app/hash-router';
import type { TEvent } from '../../../domain/contracts/events';
import { MAX_TICKETS_PER_CHECKOUT } from '../../../domain/contracts/payments';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { useMemberAllowance, useSignedInMember } from './api/get-member-allowance';
import { memberCheckoutPath } from './member-checkout-path';
import { TicketCountInput } from './TicketCountInput';
import { ticketsTotalText } from './tickets-total';

/**
 * Member tickets for the signed-in member's family, up to its allowance (DESIGN §3d). Choosing
 * a count leads to the summary page (spec 01 §2.4), which starts the checkout.
 */
export function MemberTicketForm({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useSignedInMember(true);
  const allowance = useMemberAllowance(event.id, member.data?.MemberId);
  const [ticket, setTicket] = useState(1);

  if (member.isError || allowance.isError) {
    const failed = member.isError ? member : allowance;
    return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  if (!member.data || !allowance.data) {
    return <Loader size="sm" aria-label={t('common.loading')} />;
  }

  const maxTickets = Math.min(allowance.data.maxticket, MAX_TICKETS_PER_CHECKOUT);
  if (maxTickets < 1) {
    return (
      <Alert color="gray" variant="light">
        {t('events.member.noneLeft', { headcount: allowance.data.headcount })}
      </Alert>
    );
  }

  const tooMany = ticket < 1 || ticket > maxTickets;
  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (tooMany || !member.data) return;
    void navigate(memberCheckoutPath(event.id, member.data.MemberId, ticket));
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t('events.member.allowance', { max: maxTickets, email: member.data.email })}</Text>
        <TicketCountInput
          label={t('events.tickets.count')}
          description={t('events.tickets.countHint', { max: maxTickets })}
          value={ticket}
          min={1}
          max={maxTickets}
          error={tooMany ? t('events.fieldErrors.ticket', { count: maxTickets }) : undefined}
          onChange={setTicket}
        />
        <Text size="lg" fw={600} aria-live="polite">
          {t('events.tickets.total', { amount: ticketsTotalText(event.memberPrice, ticket) })}
        </Text>
        <Group>
          <Button type="submit">{t('events.member.continue')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
