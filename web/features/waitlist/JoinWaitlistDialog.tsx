import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TEvent } from '../../../domain/contracts/events';
import { WAITLIST_MAX_SEATS, ZWaitlistJoin } from '../../../domain/contracts/waitlist';
import { formatPhoneInput } from '../../../domain/phone';
import { ApiError } from '../../lib/api-client';
import { fieldsWithErrors } from '../events/form-errors';
import { TicketCountInput } from '../events/TicketCountInput';
import { useJoinWaitlist } from './api/waitlist';
import { waitlistErrorText } from './waitlist-messages';

interface TJoinValues {
  fname: string;
  lname: string;
  email: string;
  contact: string;
  seats: number;
}

const EMPTY: TJoinValues = { fname: '', lname: '', email: '', contact: '', seats: 1 };

/** "Join the waiting list": a button on a sold-out event's page and the form it opens. */
export function JoinWaitlistButton({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group>
        <Button
          leftSection={<IconHourglass aria-hidden size={18} />}
          onClick={() => setOpened(true)}
        >
          {t('waitlist.join.open')}
        </Button>
      </Group>
      {opened && <JoinWaitlistDialog event={event} onClose={() => setOpened(false)} />}
    </>
  );
}

function JoinWaitlistDialog({ event, onClose }: { event: TEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const join = useJoinWaitlist();
  const [values, setValues] = useState<TJoinValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const parsed = ZWaitlistJoin.safeParse({ eventid: event.id, ...values });
  const invalid = new Set([
    ...(submitted && !parsed.success ? fieldsWithErrors(parsed.error.issues) : []),
    ...(join.error instanceof ApiError ? fieldsWithErrors(join.error.fields) : []),
  ]);
  const set = <K extends keyof TJoinValues>(field: K, value: TJoinValues[K]) => {
    join.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };
  const errorOf = (field: keyof TJoinValues) => {
    if (!invalid.has(field)) return undefined;
    if (field === 'email' && values.email.trim() === '')
      return t('waitlist.fieldErrors.emailRequired');
    return t(`waitlist.fieldErrors.${field}`, { max: WAITLIST_MAX_SEATS });
  };

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    join.mutate({ eventid: event.id, ...values });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('waitlist.join.title', { name: event.eventName })}
      closeButtonProps={{ 'aria-label': t('waitlist.close') }}
      size="lg"
    >
      {join.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
            {t('waitlist.join.sent', { email: values.email.trim() })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('waitlist.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text>{t('waitlist.join.intro')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('events.buyer.fname')}
                autoComplete="given-name"
                required
                data-autofocus
                value={values.fname}
                error={errorOf('fname')}
                onChange={(change) => set('fname', change.currentTarget.value)}
              />
              <TextInput
                label={t('events.buyer.lname')}
                autoComplete="family-name"
                required
                value={values.lname}
                error={errorOf('lname')}
                onChange={(change) => set('lname', change.currentTarget.value)}
              />
              <TextInput
                label={t('events.buyer.email')}
                type="email"
                autoComplete="email"
                required
                value={values.email}
                error={errorOf('email')}
                onChange={(change) => set('email', change.currentTarget.value)}
              />
              <TextInput
                label={t('events.buyer.contact')}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(123) 456-7890"
                required
                value={values.contact}
                error={errorOf('contact')}
                onChange={(change) => set('contact', formatPhoneInput(change.currentTarget.value))}
              />
            </SimpleGrid>
            <TicketCountInput
              label={t('waitlist.join.seats')}
              description={t('waitlist.join.seatsHint', { max: WAITLIST_MAX_SEATS })}
              value={values.seats}
              min={1}
              max={WAITLIST_MAX_SEATS}
              error={errorOf('seats')}
              onChange={(seats) => set('seats', seats)}
            />
            {join.error && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertTriangle aria-hidden />}
              >
                {join.error instanceof ApiError && join.error.code === 'VALIDATION'
                  ? t('events.errors.checkFields')
                  : waitlistErrorText(join.error, t)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('waitlist.join.cancel')}
              </Button>
              <Button type="submit" loading={join.isPending}>
                {t('waitlist.join.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
