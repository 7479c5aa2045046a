import {
  Alert,
  Button,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CONTACT_LIMITS, type TContactRequest } from '../../../domain/contracts/contact';
import { PageTitle } from '../../components/PageTitle';
import { messageOf } from '../../lib/api-client';
import { useSendContactMessage } from './api';
import { ContactDetails } from './ContactDetails';
import {
  checkContactForm,
  EMPTY_CONTACT,
  type TContactErrors,
  type TContactField,
} from './contact-form';

/** Spec 01 §2 item 3: "Contact Us", the "Get in Touch" form and the association's details. */
export function ContactPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<TContactRequest>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<TContactErrors>({});
  const sending = useSendContactMessage();

  function change(field: TContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkContactForm(values, t);
    setErrors(problems ?? {});
    if (problems) return;
    sending.mutate(values, { onSuccess: () => setValues(EMPTY_CONTACT) });
  }

  return (
    <Stack gap="xl">
      <PageTitle>{t('pages.contact.title')}</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="contact-form">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Title order={2} id="contact-form" size="h3">
                {t('contact.formTitle')}
              </Title>
              {sending.isSuccess && (
                <Alert color="teal" variant="light">
                  {t('contact.sent')}
                </Alert>
              )}
              {sending.isError && (
                <Alert color="red" variant="light">
                  <Text size="sm" fw={600}>
                    {t('contact.failed')}
                  </Text>
                  <Text size="sm">{messageOf(sending.error, t)}</Text>
                </Alert>
              )}
              <TextInput
                label={t('contact.fields.name')}
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.name}
                value={values.name}
                onChange={(event) => change('name', event.currentTarget.value)}
                error={errors.name}
              />
              <TextInput
                label={t('contact.fields.email')}
                type="email"
                autoComplete="email"
                required
                maxLength={CONTACT_LIMITS.email}
                value={values.email}
                onChange={(event) => change('email', event.currentTarget.value)}
                error={errors.email}
              />
              <Textarea
                label={t('contact.fields.message')}
                required
                autosize
                minRows={5}
                maxRows={14}
                maxLength={CONTACT_LIMITS.message}
                value={values.message}
                onChange={(event) => change('message', event.currentTarget.value)}
                error={errors.message}
              />
              <Button type="submit" disabled={sending.isPending} aria-busy={sending.isPending}>
                {sending.isPending ? t('contact.sending') : t('contact.send')}
              </Button>
            </Stack>
          </form>
        </Paper>
        <ContactDetails />
      </SimpleGrid>
    </Stack>
  );
}
