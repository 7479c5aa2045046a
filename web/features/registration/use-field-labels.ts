import { useTranslation } from '../../i18n/use-translation';

/** The label of every registration field, by the contract's field name, for error wording. */
export function useFieldLabels(): Record<string, string> {
  const { t } = useTranslation();
  return {
    MemberFirstName: t('membership.fields.firstName'),
    MemberLastName: t('membership.fields.lastName'),
    email: t('membership.fields.email'),
    password: t('membership.fields.password'),
    contactPhone: t('membership.fields.phone'),
    street: t('membership.fields.street'),
    city: t('membership.fields.city'),
    state: t('membership.fields.state'),
    zipcode: t('membership.fields.zipcode'),
    dateOfBirth: t('membership.fields.dateOfBirth'),
    spouseFirstName: t('membership.fields.spouseFirstName'),
    spouseLastName: t('membership.fields.spouseLastName'),
    spouseemail: t('membership.fields.spouseEmail'),
    spousecontactPhone: t('membership.fields.spousePhone'),
    spousedateOfBirth: t('membership.fields.spouseDateOfBirth'),
    name: t('membership.fields.dependentName'),
  };
}
