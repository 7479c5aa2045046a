import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TABLE_FOR_TEN_SEATS } from '../../../domain/constants';
import type { TEvent } from '../../../domain/contracts/events';
import { useSessionKinds } from '../../app/use-session-kinds';
import { MemberTicketForm } from './MemberTicketForm';
import { NonMemberTicketForm } from './NonMemberTicketForm';
import { TableForTenForm } from './TableForTenForm';

type TPurchase = 'member' | 'nonmember' | 'table';

/**
 * What can be bought for an event on sale: non-member tickets always, a table while 10 seats are
 * left, member tickets for a signed-in member.
 */
export function PurchasePanel({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const isMember = useSessionKinds().includes('mem');
  const [chosen, setChosen] = useState<TPurchase>(isMember ? 'member' : 'nonmember');

  const options: { value: TPurchase; label: string }[] = [
    ...(isMember ? [{ value: 'member' as const, label: t('events.purchase.member') }] : []),
    { value: 'nonmember', label: t('events.purchase.nonmember') },
    ...(event.seatsLeft >= TABLE_FOR_TEN_SEATS
      ? [{ value: 'table' as const, label: t('events.purchase.table') }]
      : []),
  ];
  const shown = options.some((option) => option.value === chosen) ? chosen : 'nonmember';

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2}>{t('events.purchase.title')}</Title>
        {options.length > 1 && (
          <SegmentedControl
            aria-label={t('events.purchase.choose')}
            data={options}
            value={shown}
            onChange={(value) => setChosen(value as TPurchase)}
            fullWidth
          />
        )}
        {shown === 'member' && <MemberTicketForm event={event} />}
        {shown === 'nonmember' && <NonMemberTicketForm event={event} />}
        {shown === 'table' && <TableForTenForm event={event} />}
      </Stack>
    </Paper>
  );
}
