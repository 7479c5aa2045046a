import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { formatPhoneInput } from '../../../domain/phone';

/** The buyer of a non-member ticket or a table, as typed (the phone grouped as it arrives). */
export interface TBuyerValues {
  fname: string;
  lname: string;
  email: string;
  contact: string;
}

export const EMPTY_BUYER: TBuyerValues = { fname: '', lname: '', email: '', contact: '' };

type TBuyerField = keyof TBuyerValues;

export function BuyerFields({
  values,
  invalid,
  onChange,
}: {
  values: TBuyerValues;
  /** Fields to mark invalid, by name. */
  invalid: ReadonlySet<string>;
  onChange: (values: TBuyerValues) => void;
}) {
  const { t } = useTranslation();
  const set = (field: TBuyerField, value: string) => onChange({ ...values, [field]: value });
  const errorOf = (field: TBuyerField) =>
    invalid.has(field) ? t(`events.fieldErrors.${field}`) : undefined;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('events.buyer.fname')}
        autoComplete="given-name"
        required
        value={values.fname}
        error={errorOf('fname')}
        onChange={(event) => set('fname', event.currentTarget.value)}
      />
      <TextInput
        label={t('events.buyer.lname')}
        autoComplete="family-name"
        value={values.lname}
        error={errorOf('lname')}
        onChange={(event) => set('lname', event.currentTarget.value)}
      />
      <TextInput
        label={t('events.buyer.email')}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        error={errorOf('email')}
        onChange={(event) => set('email', event.currentTarget.value)}
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
        onChange={(event) => set('contact', formatPhoneInput(event.currentTarget.value))}
      />
    </SimpleGrid>
  );
}
