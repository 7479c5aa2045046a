import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  ZMemberCreate,
  ZMemberSaved,
  type TMember,
  type TMemberCreateParsed,
} from '../../../domain/contracts/members';
import { ApiError, apiFetch, messageOf } from '../../lib/api-client';
import type { TFieldErrors } from '../../lib/form-errors';
import { AddressFields, type TAddressValues } from '../membership/AddressFields';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { PhoneInput } from '../membership/PhoneInput';
import { MemberPurchase } from './MemberOfflinePaymentModal';

const EMPTY = {
  MemberFirstName: '',
  MemberLastName: '',
  email: '',
  contactPhone: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  dateOfBirth: '',
};
type TDetails = typeof EMPTY;

/**
 * "Add member (paid offline)" on the member list (admins): a family joining at the desk. The
 * family is entered by hand (`POST /api/members`: inactive, no password, the member sets one with
 * "forgot password"), then its first payment is recorded offline, which activates it and gives
 * it its FamilyPlanId, exactly as an online renewal of a hand-entered family does.
 */
export function AddOfflineMemberModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<TMember | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('offline.addMember.title')}
      closeButtonProps={{ 'aria-label': t('members.close') }}
      size="lg"
    >
      {created ? (
        <Stack gap="md">
          <Text>{t('offline.addMember.created', { email: created.email })}</Text>
          <MemberPurchase member={created} onDone={close} purposes={['renewal']} />
        </Stack>
      ) : (
        <FamilyForm onCreated={setCreated} />
      )}
    </Modal>
  );
}

function FamilyForm({ onCreated }: { onCreated: (member: TMember) => void }) {
  const { t } = useTranslation();
  const plans = useQuery(activePlansQuery());
  const [planId, setPlanId] = useState('');
  const [details, setDetails] = useState<TDetails>(EMPTY);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const create = useMutation({
    mutationFn: async (body: TMemberCreateParsed) =>
      ZMemberSaved.parse(await apiFetch('/members', { method: 'POST', body, session: 'admin' }))
        .member,
    onSuccess: onCreated,
  });
  const set = (field: keyof TDetails, value: string) => setDetails({ ...details, [field]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZMemberCreate.safeParse({
      planId: Number(planId),
      member: details,
      spouse: null,
      dependents: [],
    });
    const problems: TFieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] === 'member' ? issue.path[1] : issue.path[0]);
        problems[field] ??= t('offline.fieldInvalid');
      }
    }
    setErrors(problems);
    if (parsed.success) create.mutate(parsed.data);
  }

  const serverFields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const errorOf = (field: string) =>
    errors[field] ??
    (serverFields[`member.${field}`] || serverFields[field]
      ? t('offline.fieldInvalid')
      : undefined);
  const address: TAddressValues = {
    street: details.street,
    city: details.city,
    state: details.state,
    zipcode: details.zipcode,
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <NativeSelect
          label={t('offline.plan')}
          required
          data={[
            { value: '', label: t('offline.choose') },
            ...(plans.data ?? []).map((plan) => ({
              value: String(plan.id),
              label: plan.MembershipType,
            })),
          ]}
          value={planId}
          error={errorOf('planId')}
          onChange={(event) => setPlanId(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('membership.fields.firstName')}
            required
            value={details.MemberFirstName}
            error={errorOf('MemberFirstName')}
            onChange={(event) => set('MemberFirstName', event.currentTarget.value)}
          />
          <TextInput
            label={t('membership.fields.lastName')}
            value={details.MemberLastName}
            error={errorOf('MemberLastName')}
            onChange={(event) => set('MemberLastName', event.currentTarget.value)}
          />
          <TextInput
            label={t('membership.fields.email')}
            type="email"
            required
            value={details.email}
            error={errorOf('email')}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <PhoneInput
            label={t('membership.fields.phone')}
            required
            value={details.contactPhone}
            error={errorOf('contactPhone')}
            onChange={(value) => set('contactPhone', value)}
          />
        </SimpleGrid>
        <AddressFields
          values={address}
          errors={{
            street: errorOf('street'),
            city: errorOf('city'),
            state: errorOf('state'),
            zipcode: errorOf('zipcode'),
          }}
          onChange={(field, value) => set(field, value)}
        />
        <TextInput
          type="date"
          label={t('membership.fields.dateOfBirth')}
          value={details.dateOfBirth}
          error={errorOf('dateOfBirth')}
          onChange={(event) => set('dateOfBirth', event.currentTarget.value)}
        />
        {create.error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {create.error instanceof ApiError && create.error.code === 'CONFLICT'
              ? create.error.message
              : messageOf(create.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('offline.addMember.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
