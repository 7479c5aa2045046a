import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Group, Modal, Radio, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TABLE_FOR_TEN_SEATS } from '../../../domain/constants';
import type { TManagedEvent } from '../../../domain/contracts/events';
import type { TOfflinePurchase } from '../../../domain/contracts/offline-payments';
import {
  MAX_TICKETS_PER_CHECKOUT,
  ZNonMemberTicketCheckout,
  ZTableCheckout,
} from '../../../domain/contracts/payments';
import { BuyerFields, EMPTY_BUYER, type TBuyerValues } from '../events/BuyerFields';
import { fieldsWithErrors } from '../events/form-errors';
import { TicketCountInput } from '../events/TicketCountInput';
import { OfflinePaymentFlow } from './OfflinePaymentFlow';

const SALES = ['nonmember-ticket', 'table-for-10'] as const;
type TSale = (typeof SALES)[number];
const SEAT_FIELDS = ['member_adult', 'member_kids5', 'member_kids613'] as const;
type TSeats = Record<(typeof SEAT_FIELDS)[number], number>;

/**
 * "Record offline sale" on the manage screen (admins, DESIGN §3c): non-member tickets or a
 * table for 10 paid in cash or by cheque, with the same seats rule and door code as online.
 */
export function EventOfflineSaleModal({
  event,
  onClose,
}: {
  event: TManagedEvent;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('offline.eventTitle', { name: event.eventName })}
      closeButtonProps={{ 'aria-label': t('members.close') }}
      size="lg"
    >
      <EventSale event={event} onDone={onClose} />
    </Modal>
  );
}

function EventSale({ event, onDone }: { event: TManagedEvent; onDone: () => void }) {
  const { t } = useTranslation();
  const [sale, setSale] = useState<TSale>('nonmember-ticket');
  const [buyer, setBuyer] = useState<TBuyerValues>(EMPTY_BUYER);
  const [tickets, setTickets] = useState(1);
  const [seats, setSeats] = useState<TSeats>({
    member_adult: TABLE_FOR_TEN_SEATS,
    member_kids5: 0,
    member_kids613: 0,
  });
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const assigned = SEAT_FIELDS.reduce((sum, field) => sum + seats[field], 0);

  function purchaseOf(): TOfflinePurchase | null {
    const parsed =
      sale === 'nonmember-ticket'
        ? ZNonMemberTicketCheckout.safeParse({
            kind: sale,
            eventid: event.id,
            ticket: tickets,
            buyer,
          })
        : ZTableCheckout.safeParse({ kind: sale, eventid: event.id, buyer, ...seats });
    setInvalid(parsed.success ? new Set() : fieldsWithErrors(parsed.error.issues));
    return parsed.success ? (parsed.data as TOfflinePurchase) : null;
  }

  return (
    <OfflinePaymentFlow purchaseOf={purchaseOf} onDone={onDone}>
      <Radio.Group
        label={t('offline.sale.label')}
        value={sale}
        onChange={(value) => setSale(value as TSale)}
      >
        <Group mt="xs">
          {SALES.map((value) => (
            <Radio key={value} value={value} label={t(`offline.sale.${value}`)} />
          ))}
        </Group>
      </Radio.Group>
      <BuyerFields values={buyer} invalid={invalid} onChange={setBuyer} />
      {sale === 'nonmember-ticket' ? (
        <TicketCountInput
          label={t('offline.tickets')}
          value={tickets}
          min={1}
          max={MAX_TICKETS_PER_CHECKOUT}
          onChange={setTickets}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {SEAT_FIELDS.map((field) => (
              <TicketCountInput
                key={field}
                label={t(`events.table.${field}`)}
                value={seats[field]}
                min={0}
                max={TABLE_FOR_TEN_SEATS}
                onChange={(value) => setSeats((current) => ({ ...current, [field]: value }))}
              />
            ))}
          </SimpleGrid>
          <Text
            c={invalid.has('member_adult') ? 'red.8' : undefined}
            role={invalid.has('member_adult') ? 'alert' : undefined}
          >
            {invalid.has('member_adult')
              ? t('events.fieldErrors.tableSeats', { assigned, seats: TABLE_FOR_TEN_SEATS })
              : t('events.table.assigned', { assigned, seats: TABLE_FOR_TEN_SEATS })}
          </Text>
        </>
      )}
    </OfflinePaymentFlow>
  );
}
