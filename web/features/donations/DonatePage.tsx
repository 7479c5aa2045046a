import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DONATION_LIMITS, DONATION_MESSAGES } from '../../../domain/contracts/donations';
import { parseMoney } from '../../../domain/money';
import { formatPhoneInput } from '../../../domain/phone';
import { appSettings } from '../../app/settings';
import { PageTitle } from '../../components/PageTitle';
import { useGoToUrl } from '../../components/use-go-to-url';
import { ApiError, messageOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import { useStartDonation } from './api/start-donation';
import {
  donationBody,
  EMPTY_DONATION,
  formFieldOf,
  PRESET_AMOUNTS,
  ZDonationForm,
  type TDonationValues,
} from './donation-form';
import { DecimalInput } from '../../components/DecimalInput';

type TField = keyof TDonationValues;

/**
 * `#/donate` (issue 15): a gift of any amount with an optional dedication, paid through the same
 * checkout as tickets; the association's non-profit details are shown beside the form, as the
 * receipt will print them.
 */
export function DonatePage() {
  const { t } = useTranslation();
  const settings = appSettings();
  const goTo = useGoToUrl();
  const donation = useStartDonation();
  const [values, setValues] = useState<TDonationValues>(EMPTY_DONATION);
  const [errors, setErrors] = useState<TFieldErrors>({});

  const labels: Record<TField, string> = {
    amount: t('donations.amount'),
    dedication: t('donations.dedication'),
    fname: t('donations.fname'),
    lname: t('donations.lname'),
    email: t('donations.email'),
    contact: t('donations.contact'),
  };
  const ruleMessages = {
    [DONATION_MESSAGES.amount]: t('donations.errors.amount'),
    [DONATION_MESSAGES.amountMin]: t('donations.errors.amountMin'),
    [DONATION_MESSAGES.amountMax]: t('donations.errors.amountMax'),
    [DONATION_MESSAGES.dedication]: t('donations.errors.dedication', {
      max: DONATION_LIMITS.dedication,
    }),
  };
  const serverErrors = Object.fromEntries(
    Object.entries(serverFieldErrors(donation.error, ruleMessages)).map(([field, message]) => [
      formFieldOf(field),
      message,
    ]),
  );
  const errorOf = (field: TField) => errors[field] ?? serverErrors[field];

  function change(field: TField, value: string) {
    donation.reset();
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDonationForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, { ...values }, { labels, t, ruleMessages }));
      return;
    }
    donation.mutate(donationBody(values), { onSuccess: (answer) => goTo(answer.checkoutUrl) });
  }

  const cents = parseMoney(values.amount);
  const failure =
    donation.error instanceof ApiError && donation.error.code === 'VALIDATION'
      ? t('donations.errors.checkFields')
      : donation.error
        ? messageOf(donation.error, t)
        : null;

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <PageTitle>{t('donations.title')}</PageTitle>
        <Text size="lg">{t('donations.intro', { org: settings.orgName })}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="donate-form">
          <form noValidate onSubmit={submit}>
            <Stack gap="md">
              <Title order={2} id="donate-form" size="h3">
                {t('donations.formTitle')}
              </Title>
              <Group gap="xs" role="group" aria-label={t('donations.presets')}>
                {PRESET_AMOUNTS.map((amount) => (
                  <Button
                    key={amount}
                    type="button"
                    variant={values.amount === amount ? 'filled' : 'default'}
                    aria-pressed={values.amount === amount}
                    onClick={() => change('amount', amount)}
                  >
                    {formatMoney(Number(amount) * 100)}
                  </Button>
                ))}
              </Group>
              <DecimalInput
                label={labels.amount}
                description={t('donations.amountHint', {
                  min: formatMoney(DONATION_LIMITS.minCents),
                  max: formatMoney(DONATION_LIMITS.maxCents),
                })}
                required
                leftSection="$"
                value={values.amount}
                error={errorOf('amount')}
                onChange={(decimal) => change('amount', decimal)}
              />
              <Textarea
                label={labels.dedication}
                description={t('donations.dedicationHint')}
                placeholder={t('donations.dedicationPlaceholder')}
                maxLength={DONATION_LIMITS.dedication}
                autosize
                minRows={2}
                value={values.dedication}
                error={errorOf('dedication')}
                onChange={(event) => change('dedication', event.currentTarget.value)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={labels.fname}
                  autoComplete="given-name"
                  required
                  value={values.fname}
                  error={errorOf('fname')}
                  onChange={(event) => change('fname', event.currentTarget.value)}
                />
                <TextInput
                  label={labels.lname}
                  autoComplete="family-name"
                  value={values.lname}
                  error={errorOf('lname')}
                  onChange={(event) => change('lname', event.currentTarget.value)}
                />
                <TextInput
                  label={labels.email}
                  type="email"
                  autoComplete="email"
                  required
                  value={values.email}
                  error={errorOf('email')}
                  onChange={(event) => change('email', event.currentTarget.value)}
                />
                <TextInput
                  label={labels.contact}
                  description={t('donations.optional')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  value={values.contact}
                  error={errorOf('contact')}
                  onChange={(event) =>
                    change('contact', formatPhoneInput(event.currentTarget.value))
                  }
                />
              </SimpleGrid>
              {failure && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  icon={<IconAlertTriangle aria-hidden />}
                >
                  {failure}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={donation.isPending || donation.isSuccess}>
                  {cents !== null && cents > 0
                    ? t('donations.payAmount', { amount: formatMoney(cents) })
                    : t('donations.pay')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="aside" aria-labelledby="donate-nonprofit">
          <Stack gap="sm">
            <Title order={2} id="donate-nonprofit" size="h3">
              {t('donations.nonprofitTitle')}
            </Title>
            <Text>{t('donations.nonprofitText')}</Text>
            <dl>
              <Text component="dt" fw={600}>
                {t('donations.legalName')}
              </Text>
              <Text component="dd" ms={0} mb="sm">
                {settings.orgLegalName}
              </Text>
              <Text component="dt" fw={600}>
                {t('donations.taxId')}
              </Text>
              <Text component="dd" ms={0} mb="sm">
                {settings.orgTaxId}
              </Text>
              <Text component="dt" fw={600}>
                {t('donations.address')}
              </Text>
              <Text component="dd" ms={0}>
                {settings.orgAddress}
              </Text>
            </dl>
            <Text size="sm">{t('donations.receiptNote')}</Text>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
