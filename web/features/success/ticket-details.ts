import type { TFunction } from 'i18next';
import type { TPaymentRecord } from '../../../domain/contracts/payments';
import { formatCalendarDate } from '../../lib/format';
import { moneyText } from '../../components/money-text';

/** The receipt lines of a ticket payment, all from the stored record. */
export function ticketDetails(payment: TPaymentRecord, t: TFunction) {
  return [
    ...(payment.eventName ? [{ label: t('success.event'), value: payment.eventName }] : []),
    ...(payment.eventDate
      ? [{ label: t('success.eventDate'), value: formatCalendarDate(payment.eventDate) }]
      : []),
    { label: t('success.tickets'), value: String(payment.dependent) },
    ...(payment.notes ? [{ label: t('success.seats'), value: payment.notes }] : []),
    { label: t('success.amount'), value: moneyText(payment.price) },
    ...(payment.ticketCode ? [{ label: t('success.ticketCode'), value: payment.ticketCode }] : []),
  ];
}
