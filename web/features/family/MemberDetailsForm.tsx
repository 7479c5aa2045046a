import {
  Alert,
  Button,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ZMemberUpdate, type TMember } from '../../../domain/contracts/members';
import { IMAGE_PICKER_ACCEPT, MAX_IMAGE_BYTES } from '../../../domain/images';
import { formatPhoneInput } from '../../../domain/phone';
import { notify } from '../../components/notify';
import { StoredImage } from '../../components/StoredImage';
import { validMarkProps } from '../../components/valid-mark';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import { AddressFields } from '../membership/AddressFields';
import type { TMemberScope } from '../membership/member-scope';
import { PhoneInput } from '../membership/PhoneInput';
import { membershipRuleMessages } from '../membership/rule-messages';
import { useUpdateMember, type TMemberUpdateRequest } from './api/update-member';

type TDetails = TMemberUpdateRequest['details'];
type TField = keyof TDetails;

const FIELDS: readonly TField[] = [
  'MemberFirstName',
  'MemberLastName',
  'email',
  'contactPhone',
  'street',
  'city',
  'state',
  'zipcode',
];

/** The picker offers png and jpeg only (spec 02 §5); the server checks the content again. */
const PICKABLE_TYPES = ['image/png', 'image/jpeg'];

function detailsOf(member: TMember): TDetails {
  return {
    MemberFirstName: member.MemberFirstName,
    MemberLastName: member.MemberLastName,
    email: member.email,
    contactPhone: formatPhoneInput(member.contactPhone),
    street: member.street,
    city: member.city,
    state: member.state,
    zipcode: member.zipcode,
  };
}

/** A local preview of the chosen picture, released when it changes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The member's details (`PUT /api/memberupdate/:id`), checked with the contract as they are typed:
 * a field shows its problem once touched, and Save stays disabled while anything is invalid
 * (spec 02 §5). `#/add` uses it as is; the member list's Edit Member Account form adds the
 * profile image and Cancel.
 */
export function MemberDetailsForm({
  member,
  scope,
  title,
  submitLabel,
  withImage = false,
  onSaved,
  onCancel,
}: {
  member: TMember;
  scope: TMemberScope;
  title?: string;
  submitLabel?: string;
  withImage?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TDetails>(() => detailsOf(member));
  const [touched, setTouched] = useState<ReadonlySet<TField>>(new Set());
  const [serverErrors, setServerErrors] = useState<TFieldErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const preview = usePreview(image);
  const update = useUpdateMember(scope);
  const ruleMessages = membershipRuleMessages(t);
  const labels: Record<TField, string> = {
    MemberFirstName: t('membership.fields.firstName'),
    MemberLastName: t('membership.fields.lastName'),
    email: t('membership.fields.email'),
    contactPhone: t('membership.fields.phone'),
    street: t('membership.fields.street'),
    city: t('membership.fields.city'),
    state: t('membership.fields.state'),
    zipcode: t('membership.fields.zipcode'),
  };
  const parsed = ZMemberUpdate.safeParse(values);
  const checkErrors = parsed.success
    ? {}
    : fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages });
  const errors: TFieldErrors = { ...serverErrors };
  for (const field of touched) errors[field] ??= checkErrors[field];

  // A field is marked valid once touched and free of problems (spec 02 §5)
  const isValid = (field: TField) => touched.has(field) && !errors[field];
  const touch = (field: TField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const set = (field: TField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    touch(field);
  };
  const text = (field: TField) => ({
    label: labels[field],
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
    onBlur: () => touch(field),
    ...validMarkProps(isValid(field)),
  });

  function chooseImage(file: File | null) {
    if (file && !PICKABLE_TYPES.includes(file.type)) {
      setImageError(t('members.edit.imageType'));
      setImage(null);
      return;
    }
    if (file && file.size > MAX_IMAGE_BYTES) {
      setImageError(t('members.edit.imageSize'));
      setImage(null);
      return;
    }
    setImageError(null);
    setImage(file);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    if (!parsed.success) return;
    update.mutate(
      { details: values, image },
      {
        onSuccess: () => {
          notify.success(t('family.edit.memberUpdated'));
          setImage(null);
          onSaved?.();
        },
        onError: (error) => {
          setServerErrors(serverFieldErrors(error, ruleMessages));
          // Spec 02 §8: an answer carrying an error is shown as a warning titled "Error"
          notify.warning(
            (error instanceof ApiError && ruleMessages[error.message]) || messageOf(error, t),
            t('notify.error'),
          );
        },
      },
    );
  }

  const failure = update.error;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="member-details-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="member-details-title">
          {title ?? t('family.edit.memberTitle')}
        </Title>
        {failure && !(failure instanceof ApiError && failure.fields) && (
          <Alert color="red" variant="light" role="alert" title={t('notify.error')}>
            {(failure instanceof ApiError && ruleMessages[failure.message]) ||
              messageOf(failure, t)}
          </Alert>
        )}
        {withImage && (
          <Group gap="md" align="flex-end" wrap="nowrap">
            <StoredImage
              src={preview ?? member.memberImage}
              alt={t('members.edit.imageAlt')}
              width={96}
              height={96}
              radius="md"
              placeholder="person"
            />
            <FileInput
              label={t('members.edit.image')}
              description={t('members.edit.imageHint')}
              placeholder={t('members.edit.imagePlaceholder')}
              accept={IMAGE_PICKER_ACCEPT}
              value={image}
              onChange={chooseImage}
              error={imageError}
              clearable
              clearButtonProps={{ 'aria-label': t('members.edit.removeImage') }}
              leftSection={<IconPhoto aria-hidden size={16} />}
              style={{ flex: 1 }}
            />
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('MemberFirstName')} autoComplete="given-name" required />
          <TextInput {...text('MemberLastName')} autoComplete="family-name" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('email')} type="email" autoComplete="email" required />
          <PhoneInput
            label={labels.contactPhone}
            value={values.contactPhone}
            onChange={(phone) => set('contactPhone', phone)}
            onBlur={() => touch('contactPhone')}
            error={errors.contactPhone}
            required
          />
        </SimpleGrid>
        <AddressFields values={values} errors={errors} onChange={set} isValid={isValid} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('members.edit.cancel')}
            </Button>
          )}
          <Button type="submit" loading={update.isPending} disabled={!parsed.success}>
            {submitLabel ?? t('family.edit.saveMember')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
