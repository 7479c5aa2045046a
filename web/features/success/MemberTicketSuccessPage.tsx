import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { appSettings } from '../../app/settings';
import { Link, useSearchParams } from 'react-router';
import { recordMemberTicket } from './api/record-ticket-payments';
import { eventPrefixOf } from './event-prefix';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { ticketDetails } from './ticket-details';
import { useRecordOnce } from './use-record-once';

/**
 * `#/success/member-ticket?…`: member tickets paid. Spec 01 §2: it shows the current time, its
 * Continue is "View Event", and it carries a copyright line with a link to the association.
 */
export function MemberTicketSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const transactionId = params.get('transaction_id') ?? '';
  const record = useRecordOnce('member-ticket', transactionId, recordMemberTicket);
  const [openedAt] = useState(() => new Date());

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo="/event" />;
  const { payment } = record;
  const name = appSettings().orgName;
  return (
    <SuccessLayout
      title={t('success.ticketTitle', { prefix: eventPrefixOf(payment.productName) })}
      email={payment.email}
      transactionId={payment.transactionID}
      at={openedAt}
      details={ticketDetails(payment, t)}
      doorCode={payment.ticketCode}
      continueTo={payment.eventid ? `/viewevent/${payment.eventid}` : '/event'}
      continueLabel={t('success.viewEvent')}
      footnote={
        // Underlined inline (colour alone must not mark a link in a line of text); Anchor's own
        // `underline` loses to Text.css, which the shell's styles load after Anchor.css.
        <>
          {t('shell.copyright', { name })}{' '}
          <Anchor component={Link} to="/about" inherit td="underline">
            {t('success.visitSite', { name })}
          </Anchor>
        </>
      }
    />
  );
}
