import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TEvent } from '../../../domain/contracts/events';
import { IMAGE_PICKER_ACCEPT, MAX_IMAGE_BYTES } from '../../../domain/images';
import { notify } from '../../components/notify';
import { StoredImage } from '../../components/StoredImage';
import { ApiError, messageOf } from '../../lib/api-client';
import { useSaveEvent } from './api/manage-events';
import {
  eventInputOf,
  eventProblemsOf,
  formValuesOf,
  NEW_EVENT,
  seatsTakenIn,
  type TEventFormValues,
} from './event-form';
import { useEventRuleMessages } from './event-rule-messages';
import { DecimalInput } from '../../components/DecimalInput';

type TField = keyof TEventFormValues;

const IMAGE_ERROR_CODES: readonly string[] = ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'];

/** Create (`event` null) or edit an event: one form, the contract's checks, an optional image. */
export function EventFormModal({ event, onClose }: { event: TEvent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveEvent(event?.id ?? null);
  const worded = useEventRuleMessages();
  const [values, setValues] = useState<TEventFormValues>(() =>
    event ? formValuesOf(event) : NEW_EVENT,
  );
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<TField | 'eventImage', string>>>({});

  const setValue = (field: TField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    save.reset();
  };
  const set = (field: TField) => (change: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValue(field, change.currentTarget.value);

  function chooseImage(file: File | null) {
    save.reset();
    setImage(file);
    if (file) setRemoveImage(false);
    setErrors((current) => ({
      ...current,
      eventImage:
        file && file.size > MAX_IMAGE_BYTES ? t('manageEvents.rules.imageTooLarge') : undefined,
    }));
  }

  function serverProblems(error: unknown) {
    if (!(error instanceof ApiError)) return {};
    const found: Partial<Record<TField | 'eventImage', string>> = {};
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      const taken = field === 'capacity' ? seatsTakenIn(message) : null;
      found[field as TField] =
        taken !== null
          ? t('manageEvents.rules.capacityBelowTaken', { count: taken })
          : worded(message);
    }
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE')
      found.eventImage = t('manageEvents.rules.notAnImage');
    if (error.code === 'PAYLOAD_TOO_LARGE')
      found.eventImage = t('manageEvents.rules.imageTooLarge');
    return found;
  }

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const input = eventInputOf(values, removeImage && !image);
    const problems = eventProblemsOf(input);
    setErrors({
      ...Object.fromEntries(
        Object.entries(problems).map(([name, message]) => [name, worded(message)]),
      ),
      eventImage: errors.eventImage,
    });
    if (Object.keys(problems).length > 0 || errors.eventImage) return;
    save.mutate(
      { values: input, image },
      {
        onSuccess: (answer) => {
          notify.success(
            t(event ? 'manageEvents.saved.updated' : 'manageEvents.saved.created', {
              name: answer.event.eventName,
            }),
            t('manageEvents.saved.title'),
          );
          onClose();
        },
        onError: (error) => setErrors(serverProblems(error)),
      },
    );
  }

  const field = (name: TField) => ({
    label: t(`manageEvents.fields.${name}`),
    value: values[name],
    error: errors[name],
    onChange: set(name),
  });
  const amountField = (name: TField) => ({
    ...field(name),
    onChange: (decimal: string) => setValue(name, decimal),
  });
  // Problems of a field show at the field; anything else above the form
  const shownAtField =
    save.error instanceof ApiError &&
    (save.error.fields !== undefined || IMAGE_ERROR_CODES.includes(save.error.code));
  const formError = save.error && !shownAtField ? messageOf(save.error, t) : null;
  const currentImage = event?.eventImage && !removeImage && !image ? event.eventImage : null;

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        event
          ? t('manageEvents.form.editTitle', { name: event.eventName })
          : t('manageEvents.form.newTitle')
      }
      closeButtonProps={{ 'aria-label': t('manageEvents.form.close') }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light">
              {formError}
            </Alert>
          )}
          <TextInput {...field('eventName')} required data-autofocus autoComplete="off" />
          <Textarea {...field('eventDescription')} autosize minRows={3} maxRows={10} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput {...field('eventDate')} type="date" required />
            <TextInput {...field('eventTime')} type="time" required />
            <TextInput {...field('capacity')} inputMode="numeric" required />
          </SimpleGrid>
          <TextInput {...field('venue')} required />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DecimalInput {...amountField('memberPrice')} leftSection="$" required />
            <DecimalInput {...amountField('nonMemberPrice')} leftSection="$" required />
            <DecimalInput {...amountField('tablePrice')} leftSection="$" required />
          </SimpleGrid>
          <Group align="flex-start" wrap="nowrap" gap="md">
            <StoredImage
              src={currentImage}
              alt={t('manageEvents.form.imageAlt')}
              width={160}
              height={90}
            />
            <Stack gap="xs" style={{ flex: 1 }}>
              <FileInput
                label={t('manageEvents.fields.eventImage')}
                description={t('manageEvents.form.imageHint')}
                accept={IMAGE_PICKER_ACCEPT}
                value={image}
                onChange={chooseImage}
                clearable
                leftSection={<IconPhoto aria-hidden size={16} />}
                error={errors.eventImage}
                placeholder={t('manageEvents.form.imagePlaceholder')}
              />
              {event?.eventImage && !image && (
                <Checkbox
                  label={t('manageEvents.form.removeImage')}
                  checked={removeImage}
                  onChange={(change) => setRemoveImage(change.currentTarget.checked)}
                />
              )}
            </Stack>
          </Group>
          {event && (
            <Text size="sm" c="dimmed">
              {t('manageEvents.form.capacityNote')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('manageEvents.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {event ? t('manageEvents.form.save') : t('manageEvents.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
