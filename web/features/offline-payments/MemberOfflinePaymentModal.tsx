import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Group, Modal, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ZDependentsCheckout } from '../../../domain/contracts/family';
import { ZRenewalCheckout, type TMember } from '../../../domain/contracts/members';
import type { TOfflinePurchase } from '../../../domain/contracts/offline-payments';
import {
  MAX_TICKETS_PER_CHECKOUT,
  ZMemberTicketCheckout,
} from '../../../domain/contracts/payments';
import { fullName } from '../../../domain/display';
import { formatCalendarDate } from '../../lib/format';
import { useCurrentUpcomingEvents } from '../events/api/get-events';
import { TicketCountInput } from '../events/TicketCountInput';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { OfflinePaymentFlow } from './OfflinePaymentFlow';

const PURPOSES = ['renewal', 'dependents', 'member-ticket'] as const;
type TPurpose = (typeof PURPOSES)[number];

/**
 * "Record offline payment" on a member's row (admins, DESIGN §3c): a renewal, an extra dependent
 * or member tickets, paid in cash or by cheque, recorded with the card payments' records.
 */
export function MemberOfflinePaymentModal({
  member,
  onClose,
}: {
  member: TMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={
        member
          ? t('offline.memberTitle', {
              name: fullName(member.MemberFirstName, member.MemberLastName),
            })
          : ''
      }
      closeButtonProps={{ 'aria-label': t('members.close') }}
      size="lg"
    >
      {member && <MemberPurchase key={member.MemberId} member={member} onDone={onClose} />}
    </Modal>
  );
}

/** What a member pays for offline; `purposes` narrows the choice (a new family: renewal only). */
export function MemberPurchase({
  member,
  onDone,
  purposes = PURPOSES,
}: {
  member: TMember;
  onDone: () => void;
  purposes?: readonly TPurpose[];
}) {
  const { t } = useTranslation();
  const plans = useQuery(activePlansQuery());
  const events = useCurrentUpcomingEvents();
  const [purpose, setPurpose] = useState<TPurpose>(purposes[0]);
  const [planId, setPlanId] = useState<string>(member.planId ? String(member.planId) : '');
  const [dependent, setDependent] = useState({ name: '', dateOfBirth: '' });
  const [eventId, setEventId] = useState('');
  const [tickets, setTickets] = useState(1);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());

  const planOptions = (plans.data ?? []).map((plan) => ({
    value: String(plan.id),
    label: plan.MembershipType,
  }));
  const eventOptions = (events.data ?? []).map((event) => ({
    value: String(event.id),
    label: `${event.eventName} (${formatCalendarDate(event.eventDate)})`,
  }));

  function purchaseOf(): TOfflinePurchase | null {
    const memberid = member.MemberId;
    const parsed =
      purpose === 'renewal'
        ? ZRenewalCheckout.safeParse({ kind: 'renewal', memberid, planId: Number(planId) })
        : purpose === 'dependents'
          ? ZDependentsCheckout.safeParse({ kind: 'dependents', memberid, dependents: [dependent] })
          : ZMemberTicketCheckout.safeParse({
              kind: 'member-ticket',
              memberid,
              eventid: Number(eventId),
              ticket: tickets,
            });
    setInvalid(
      new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'))),
    );
    return parsed.success ? (parsed.data as TOfflinePurchase) : null;
  }

  const required = t('offline.fieldRequired');
  return (
    <OfflinePaymentFlow purchaseOf={purchaseOf} onDone={onDone}>
      {purposes.length > 1 && (
        <Radio.Group
          label={t('offline.purpose.label')}
          value={purpose}
          onChange={(value) => {
            setInvalid(new Set());
            setPurpose(value as TPurpose);
          }}
        >
          <Group mt="xs">
            {purposes.map((value) => (
              <Radio key={value} value={value} label={t(`offline.purpose.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {purpose === 'renewal' && (
        <NativeSelect
          label={t('offline.plan')}
          required
          data={[{ value: '', label: t('offline.choose') }, ...planOptions]}
          value={planId}
          error={invalid.has('planId') ? required : undefined}
          onChange={(event) => setPlanId(event.currentTarget.value)}
        />
      )}
      {purpose === 'dependents' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('offline.dependentName')}
            required
            value={dependent.name}
            error={invalid.has('dependents.0.name') ? required : undefined}
            onChange={(event) => setDependent({ ...dependent, name: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('offline.dependentBirth')}
            required
            value={dependent.dateOfBirth}
            error={invalid.has('dependents.0.dateOfBirth') ? required : undefined}
            onChange={(event) =>
              setDependent({ ...dependent, dateOfBirth: event.currentTarget.value })
            }
          />
        </SimpleGrid>
      )}
      {purpose === 'member-ticket' && (
        <Stack gap="md">
          <NativeSelect
            label={t('offline.event')}
            required
            data={[{ value: '', label: t('offline.choose') }, ...eventOptions]}
            value={eventId}
            error={invalid.has('eventid') ? required : undefined}
            onChange={(event) => setEventId(event.currentTarget.value)}
          />
          <TicketCountInput
            label={t('offline.tickets')}
            value={tickets}
            min={1}
            max={MAX_TICKETS_PER_CHECKOUT}
            onChange={setTickets}
          />
        </Stack>
      )}
    </OfflinePaymentFlow>
  );
}
