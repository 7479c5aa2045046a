import '@mantine/core/styles/Skeleton.css';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { ZMemberTicketCheckout } from '../../../domain/contracts/payments';
import { useSessionKinds } from '../../app/use-session-kinds';
import { memberSignInPath } from '../../app/sign-in-redirect';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { moneyText } from '../../components/money-text';
import { PageTitle } from '../../components/PageTitle';
import { useGoToUrl } from '../../components/use-go-to-url';
import { useEvent } from './api/get-events';
import { useSignedInMember } from './api/get-member-allowance';
import { useStartTicketCheckout } from './api/start-checkout';
import { CheckoutErrorAlert } from './CheckoutErrorAlert';
import { formatEventWhen } from './event-facts';
import { MEMBER_CHECKOUT_ROUTE } from './member-checkout-path';
import { ticketsTotalText } from './tickets-total';

/**
 * The member ticket summary before paying (spec 01 §2.4, DESIGN §3d): what the family is about to
 * buy, a way back, and Pay, which starts the checkout. The server prices it again.
 */
export function MemberTicketCheckoutPage() {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const [params] = useSearchParams();
  const isMember = useSessionKinds().includes('mem');
  const request = ZMemberTicketCheckout.safeParse({
    kind: 'member-ticket',
    eventid: params.get('eventid'),
    memberid: params.get('memberid'),
    ticket: params.get('ticket'),
  });
  const eventId = request.success ? request.data.eventid : 0;
  const event = useEvent(eventId);
  const member = useSignedInMember(isMember);
  const checkout = useStartTicketCheckout();
  const backTo = eventId ? `/viewevent/${eventId}` : '/event';

  const back = (
    <Anchor component={Link} to={backTo}>
      <Group gap={4} component="span">
        <IconArrowLeft aria-hidden size={18} />
        {t('events.summary.back')}
      </Group>
    </Anchor>
  );

  function body() {
    if (!request.success) {
      return (
        <Alert color="gray" variant="light">
          {t('events.summary.invalid')}
        </Alert>
      );
    }
    if (!isMember) {
      return (
        <Alert color="indigo" variant="light" title={t('events.summary.signInTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('events.summary.signIn')}</Text>
            <Button
              component={Link}
              to={memberSignInPath(`${MEMBER_CHECKOUT_ROUTE}?${params.toString()}`)}
              size="sm"
            >
              {t('shell.signIn')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    const failed = event.isError ? event : member.isError ? member : null;
    if (failed)
      return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
    if (!event.data || !member.data) {
      return <Skeleton height={220} aria-label={t('common.loading')} />;
    }
    const { ticket } = request.data;
    const rows: [string, string][] = [
      [t('events.summary.event'), event.data.eventName],
      [t('events.summary.when'), formatEventWhen(event.data)],
      [t('events.summary.email'), member.data.email],
      [
        t('events.summary.tickets'),
        t('events.summary.ticketsValue', {
          tickets: ticket,
          price: moneyText(event.data.memberPrice),
        }),
      ],
      [t('events.summary.total'), ticketsTotalText(event.data.memberPrice, ticket)],
    ];
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Table variant="vertical" layout="fixed" withTableBorder={false}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={{ base: 110, sm: 180 }}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">{t('events.summary.priceNote')}</Text>
          <CheckoutErrorAlert error={checkout.error} />
          <Group>
            <Button
              loading={checkout.isPending || checkout.isSuccess}
              onClick={() =>
                checkout.mutate(request.data, { onSuccess: (answer) => goTo(answer.checkoutUrl) })
              }
            >
              {t('events.tickets.pay')}
            </Button>
            <Button component={Link} to={backTo} variant="default">
              {t('events.summary.change')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      {back}
      <PageTitle>{t('events.summary.title')}</PageTitle>
      {body()}
    </Stack>
  );
}
