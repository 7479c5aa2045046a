import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { IconCash } from '@tabler/icons-react';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TMember } from '../../../domain/contracts/members';
import type { TPaymentHistoryItem } from '../../../domain/contracts/payments';
import { formatReceiptDateTime } from '../../lib/format';
import { fullName } from '../../../domain/display';
import { centsToDecimal, parseMoney } from '../../../domain/money';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { moneyText } from '../../components/money-text';
import { Paginator } from '../../components/Paginator';
import { RefundButton, RefundStateBadge } from '../refunds/RefundControls';
import { memberPaymentsQuery } from './api/member-payments';
import { methodText } from '../offline-payments/method-text';
import type { TListSession } from './api/list-members';

/**
 * One payment as its receipt reads: what, when, how much, and the ticket code if any; what
 * refunds gave back and what is kept, and (admins) the Refund button.
 */
function Receipt({
  payment,
  onRefunded,
}: {
  payment: TPaymentHistoryItem;
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const refundedCents = parseMoney(payment.refunded) ?? 0;
  const facts: [string, string | null][] = [
    [t('members.payments.product'), payment.productName],
    [t('members.payments.event'), payment.eventName],
    [t('members.payments.date'), formatReceiptDateTime(payment.created_at, displayTimeZone())],
    [t('members.payments.amount'), moneyText(payment.price)],
    [t('members.payments.refunded'), refundedCents > 0 ? moneyText(payment.refunded) : null],
    [
      t('members.payments.net'),
      refundedCents > 0
        ? moneyText(centsToDecimal((parseMoney(payment.price) ?? 0) - refundedCents))
        : null,
    ],
    [t('members.payments.paidBy'), methodText(payment, t)],
    [t('members.payments.ticket'), payment.ticketCode],
  ];
  return (
    <Paper withBorder p="md" component="article">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5" style={{ wordBreak: 'break-all' }}>
          {t('members.payments.receipt', { transactionId: payment.transactionID })}
        </Title>
        <Group gap="xs">
          {payment.status === 'refunded' ? (
            <RefundStateBadge payment={payment} />
          ) : (
            <>
              <Badge color="teal.9" variant="filled">
                {payment.status}
              </Badge>
              <RefundStateBadge payment={payment} />
            </>
          )}
          <RefundButton payment={payment} onRefunded={onRefunded} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value}
              </Text>
            </div>
          ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The Payments row action: the member's payment history, each payment with its receipt. */
export function MemberPaymentsDialog({
  member,
  session,
  onClose,
  onRecordOffline,
}: {
  member: TMember | null;
  session: TListSession;
  onClose: () => void;
  /** Global admins and super users: record cash or a cheque for this member (issue 15). */
  onRecordOffline?: (member: TMember) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={
        member
          ? t('members.payments.title', {
              name: fullName(member.MemberFirstName, member.MemberLastName),
            })
          : ''
      }
      closeButtonProps={{ 'aria-label': t('members.close') }}
      size="lg"
    >
      {member && onRecordOffline && (
        <Group justify="flex-end" mb="sm">
          <Button
            variant="default"
            leftSection={<IconCash aria-hidden size={16} />}
            onClick={() => onRecordOffline(member)}
          >
            {t('members.actions.offline')}
          </Button>
        </Group>
      )}
      {member && (
        <PaymentPages key={member.MemberId} memberId={member.MemberId} session={session} />
      )}
    </Modal>
  );
}

function PaymentPages({ memberId, session }: { memberId: number; session: TListSession }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const payments = useQuery(memberPaymentsQuery(session, memberId, page));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['members', 'payments'] });
  if (payments.isError) {
    return <LoadErrorAlert error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  if (!payments.data) return <ListSkeleton rows={3} height={64} />;
  if (payments.data.items.length === 0) {
    return <EmptyState>{t('members.payments.empty')}</EmptyState>;
  }
  return (
    <Stack gap="sm">
      {payments.data.items.map((payment) => (
        <Receipt key={payment.id} payment={payment} onRefunded={refresh} />
      ))}
      {payments.data.total > payments.data.page_size && (
        <Paginator
          page={page}
          pageSize={payments.data.page_size}
          total={payments.data.total}
          pageSizes={[payments.data.page_size]}
          onPageChange={setPage}
          onPageSizeChange={() => undefined}
        />
      )}
    </Stack>
  );
}
