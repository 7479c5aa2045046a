import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TWaitlistStatus } from '../../../domain/constants';
import type { TManagedEvent } from '../../../domain/contracts/events';
import { WAITLIST_MAX_SEATS, type TWaitlistEntry } from '../../../domain/contracts/waitlist';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { notify } from '../../components/notify';
import { formatPhone, formatReceiptDateTime } from '../../lib/format';
import { fullName } from '../../../domain/display';
import { useChangeWaitlistEntry, useEventWaitlist } from './api/waitlist';
import { waitlistErrorText } from './waitlist-messages';

// Shades that hold white badge text at 4.5:1 or more (green.9 and orange.9 fall short of it)
const STATUS_COLOR: Record<TWaitlistStatus, string> = {
  pending: 'gray.8',
  waiting: 'blue.8',
  offered: 'teal.9',
  purchased: 'indigo.9',
  expired: 'grape.9',
  removed: 'red.9',
};

const EDITABLE: readonly TWaitlistStatus[] = ['pending', 'waiting', 'offered'];

/** One event's waiting list for staff: entries with their state; edit the seats or remove one. */
export function WaitlistModal({ event, onClose }: { event: TManagedEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useEventWaitlist(event.id);
  const change = useChangeWaitlistEntry(event.id);
  const [editing, setEditing] = useState<{ id: number; seats: number } | null>(null);
  const [removing, setRemoving] = useState<TWaitlistEntry | null>(null);

  const save = () => {
    if (!editing) return;
    change.mutate(editing, {
      onSuccess: () => {
        notify.success(
          t('waitlist.server.updated'),
          t('waitlist.admin.title', { name: event.eventName }),
        );
        setEditing(null);
      },
    });
  };
  const remove = () => {
    if (!removing) return;
    change.mutate(
      { id: removing.id },
      {
        onSuccess: () => {
          notify.success(
            t('waitlist.server.removed'),
            t('waitlist.admin.title', { name: event.eventName }),
          );
          setRemoving(null);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('waitlist.admin.title', { name: event.eventName })}
      closeButtonProps={{ 'aria-label': t('waitlist.close') }}
    >
      {list.isError ? (
        <LoadErrorAlert
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : list.data.entries.length === 0 ? (
        <Text>{t('waitlist.admin.empty')}</Text>
      ) : (
        <Stack gap="md">
          {change.error && (
            <Alert color="red" variant="light" role="alert">
              {waitlistErrorText(change.error, t)}
            </Alert>
          )}
          {removing && (
            <Alert
              color="orange"
              variant="light"
              role="alertdialog"
              aria-labelledby="waitlist-remove-text"
            >
              <Stack gap="sm">
                <Text id="waitlist-remove-text">
                  {t('waitlist.admin.removeConfirm', {
                    name: fullName(removing.fname, removing.lname),
                  })}
                </Text>
                <Group>
                  <Button variant="default" onClick={() => setRemoving(null)}>
                    {t('waitlist.admin.keep')}
                  </Button>
                  <Button color="red.9" loading={change.isPending} onClick={remove}>
                    {t('waitlist.admin.remove')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.entries.map((entry) => {
              const name = fullName(entry.fname, entry.lname);
              const isEditing = editing?.id === entry.id;
              return (
                <Paper key={entry.id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={700}>{name}</Text>
                        <Badge color={STATUS_COLOR[entry.status]} variant="filled" tt="none">
                          {t(`waitlist.status.${entry.status}`)}
                        </Badge>
                      </Group>
                      <Text size="sm">
                        {entry.email} · {formatPhone(entry.contact)}
                      </Text>
                      <Text size="sm">
                        {t('waitlist.admin.seatsCount', { count: entry.seats })} ·{' '}
                        {t('waitlist.admin.joined', {
                          at: formatReceiptDateTime(entry.created_at, displayTimeZone()),
                        })}
                      </Text>
                      {entry.offerExpiresAt && (
                        <Text size="sm">
                          {t('waitlist.admin.offerUntil', {
                            at: formatReceiptDateTime(entry.offerExpiresAt, displayTimeZone()),
                          })}
                        </Text>
                      )}
                    </Stack>
                    {EDITABLE.includes(entry.status) &&
                      (isEditing ? (
                        <Group gap="xs" align="flex-end">
                          <NumberInput
                            label={t('waitlist.admin.seatsOf', { name })}
                            value={editing.seats}
                            min={1}
                            max={WAITLIST_MAX_SEATS}
                            step={1}
                            allowDecimal={false}
                            allowNegative={false}
                            clampBehavior="strict"
                            w={160}
                            onChange={(next) =>
                              setEditing({
                                id: entry.id,
                                seats: typeof next === 'number' ? next : Number(next) || 0,
                              })
                            }
                          />
                          <Button
                            loading={change.isPending}
                            disabled={
                              !Number.isInteger(editing.seats) ||
                              editing.seats < 1 ||
                              editing.seats > WAITLIST_MAX_SEATS
                            }
                            onClick={save}
                          >
                            {t('waitlist.admin.save')}
                          </Button>
                          <Button variant="default" onClick={() => setEditing(null)}>
                            {t('waitlist.join.cancel')}
                          </Button>
                        </Group>
                      ) : (
                        <Group gap="xs">
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={t('waitlist.admin.editNamed', { name })}
                            onClick={() => {
                              change.reset();
                              setRemoving(null);
                              setEditing({ id: entry.id, seats: entry.seats });
                            }}
                          >
                            {t('waitlist.admin.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={t('waitlist.admin.removeNamed', { name })}
                            onClick={() => {
                              change.reset();
                              setEditing(null);
                              setRemoving(entry);
                            }}
                          >
                            {t('waitlist.admin.remove')}
                          </Button>
                        </Group>
                      ))}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
