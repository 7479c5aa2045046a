import '@mantine/core/styles/Table.css';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { isMagazinePlan, type TPlan } from '../../../domain/contracts/plans';
import { formatCalendarDate } from '../../lib/format';
import { addressLines, fullName } from '../../../domain/display';
import { formatPhone } from '../../lib/format';
import { membershipSummary } from '../membership/price-summary';
import { PriceSummary } from '../membership/PriceSummary';
import { includesSpouse, type TRegistrationValues } from './registration-form';

/** Step (d): what will be bought, for whom, and the price the checkout will charge. */
export function ReviewStep({ values, plan }: { values: TRegistrationValues; plan: TPlan }) {
  const { t } = useTranslation();
  const { member, spouse, dependents } = values;
  const rows = [
    { label: t('registration.review.plan'), value: plan.MembershipType },
    {
      label: t('registration.review.member'),
      value: `${fullName(member.MemberFirstName, member.MemberLastName)} · ${member.email}`,
    },
    { label: t('membership.fields.phone'), value: formatPhone(member.contactPhone) },
    { label: t('registration.review.address'), value: addressLines(member).join('\n') },
    {
      label: t('registration.review.spouse'),
      value: includesSpouse(values, plan)
        ? fullName(spouse.spouseFirstName, spouse.spouseLastName)
        : t('registration.review.none'),
    },
    {
      label: t('registration.review.dependents'),
      value: dependents.length
        ? dependents.map((d) => `${d.name} (${formatCalendarDate(d.dateOfBirth)})`).join('\n')
        : t('registration.review.none'),
    },
  ];
  return (
    <Stack gap="lg">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th w={{ base: 120, sm: 180 }}>{row.label}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('membership.price.title')}
        </Title>
        <PriceSummary
          summary={membershipSummary(plan, dependents.length)}
          feeLabel={isMagazinePlan(plan.prefix) ? t('membership.price.magazinePrice') : undefined}
        />
        <Text size="sm" c="dimmed">
          {t('membership.price.confirmedByServer')}
        </Text>
      </Stack>
    </Stack>
  );
}
