import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TMember } from '../../../domain/contracts/members';
import { formatCalendarDate } from '../../lib/format';
import { fullName } from '../../../domain/display';

/** What the table shows of a member (a reminder link's view carries no more than this). */
export type TCurrentMembership = Pick<
  TMember,
  | 'MemberId'
  | 'MemberFirstName'
  | 'MemberLastName'
  | 'FamilyPlanId'
  | 'planId'
  | 'MembershipType'
  | 'is_active'
  | 'validityFrom'
  | 'validityTo'
>;

/** The membership as it stands: who, which plan, whether it is in force, and until when. */
export function CurrentMembership({ member }: { member: TCurrentMembership }) {
  const { t } = useTranslation();
  const validity = member.validityTo
    ? t('renewal.current.until', {
        from: formatCalendarDate(member.validityFrom),
        to: formatCalendarDate(member.validityTo),
      })
    : member.validityFrom
      ? t('renewal.current.openEnded', { from: formatCalendarDate(member.validityFrom) })
      : t('renewal.current.noValidity');
  const rows = [
    {
      label: t('renewal.current.member'),
      value: fullName(member.MemberFirstName, member.MemberLastName),
    },
    {
      label: t('renewal.current.familyId'),
      value: member.FamilyPlanId ?? t('renewal.current.none'),
    },
    { label: t('renewal.current.plan'), value: member.MembershipType ?? t('renewal.current.none') },
    {
      label: t('renewal.current.status'),
      value: member.is_active ? t('renewal.current.active') : t('renewal.current.inactive'),
    },
    { label: t('renewal.current.validity'), value: validity },
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Caption>{t('renewal.current.caption')}</Table.Caption>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w={{ base: 130, sm: 200 }}>{row.label}</Table.Th>
            <Table.Td>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
