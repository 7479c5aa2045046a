import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Checkbox.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TManagedEvent } from '../../../domain/contracts/events';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import {
  useCancelEvent,
  useDeleteEvent,
  useEventBuyers,
  useRefundEventBuyers,
} from './api/manage-events';
import { useCanRefund } from '../refunds/use-can-refund';
import { EventRefundsPanel } from './EventRefundsPanel';
import { EventBuyersTable } from './EventBuyersTable';
import { useEventRuleMessages } from './event-rule-messages';

interface TModalProps {
  event: TManagedEvent;
  onClose: () => void;
}

function useErrorText() {
  const { t } = useTranslation();
  const worded = useEventRuleMessages();
  return (error: unknown) =>
    error instanceof ApiError && error.code === 'CONFLICT'
      ? worded(error.message)
      : messageOf(error, t);
}

/** Delete: only before any payment; a refusal says to cancel instead. */
export function DeleteEventModal({
  event,
  onClose,
  onCancelInstead,
}: TModalProps & { onCancelInstead: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteEvent();
  const errorText = useErrorText();
  const refused = remove.error instanceof ApiError && remove.error.code === 'CONFLICT';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('manageEvents.delete.title', { name: event.eventName })}
      closeButtonProps={{ 'aria-label': t('manageEvents.form.close') }}
    >
      <Stack gap="md">
        <Text>{t('manageEvents.delete.text')}</Text>
        {remove.error && (
          <Alert color="red" variant="light">
            {errorText(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('manageEvents.delete.keep')}
          </Button>
          {refused ? (
            <Button color="orange.9" onClick={onCancelInstead}>
              {t('manageEvents.delete.cancelInstead')}
            </Button>
          ) : (
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(event.id, {
                  onSuccess: () => {
                    notify.success(
                      t('manageEvents.saved.deleted', { name: event.eventName }),
                      t('manageEvents.saved.title'),
                    );
                    onClose();
                  },
                })
              }
            >
              {t('manageEvents.delete.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Cancel: confirm (with a note for the buyers' e-mail, and whether to refund every buyer in the
 * same step), then the buyers list and what the refunds did.
 */
export function CancelEventModal({ event, onClose }: TModalProps) {
  const { t } = useTranslation();
  const cancel = useCancelEvent();
  const refunds = useRefundEventBuyers();
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const [refundAll, setRefundAll] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      size={cancel.data ? 'xl' : 'md'}
      title={t('manageEvents.cancel.title', { name: event.eventName })}
      closeButtonProps={{ 'aria-label': t('manageEvents.form.close') }}
    >
      {cancel.data ? (
        <Stack gap="md">
          <Alert color="green" variant="light">
            {t('manageEvents.cancel.done', { count: cancel.data.mailed })}
          </Alert>
          {(refundAll || refunds.data) && (
            <EventRefundsPanel eventId={event.id} refunds={refunds} />
          )}
          <EventBuyersTable answer={cancel.data} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('manageEvents.cancel.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('manageEvents.cancel.text', { sold: event.sold })}</Text>
          <Textarea
            label={t('manageEvents.cancel.note')}
            description={t('manageEvents.cancel.noteHint')}
            value={note}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(change) => setNote(change.currentTarget.value)}
          />
          <Checkbox
            label={t('refunds.event.option')}
            description={t('refunds.event.optionHint')}
            checked={refundAll}
            onChange={(change) => setRefundAll(change.currentTarget.checked)}
          />
          {cancel.error && (
            <Alert color="red" variant="light">
              {errorText(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('manageEvents.cancel.keep')}
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { id: event.id, note },
                  { onSuccess: () => (refundAll ? refunds.mutate(event.id) : undefined) },
                )
              }
            >
              {t('manageEvents.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Who paid what (admins), cancelled or not. */
export function EventBuyersModal({ event, onClose }: TModalProps) {
  const { t } = useTranslation();
  const buyers = useEventBuyers(event.id);
  const refunds = useRefundEventBuyers();
  const canRefund = useCanRefund();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('manageEvents.buyers.title', { name: event.eventName })}
      closeButtonProps={{ 'aria-label': t('manageEvents.form.close') }}
    >
      {buyers.isError ? (
        <LoadErrorAlert
          error={buyers.error}
          retrying={buyers.isFetching}
          onRetry={() => void buyers.refetch()}
        />
      ) : !buyers.data ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : (
        <Stack gap="md">
          {canRefund && event.status === 'cancelled' && buyers.data.buyers.length > 0 && (
            <EventRefundsPanel eventId={event.id} refunds={refunds} />
          )}
          <EventBuyersTable answer={buyers.data} />
        </Stack>
      )}
    </Modal>
  );
}
