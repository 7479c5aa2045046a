import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Tooltip.css';
import { Anchor, Table, Text, Tooltip } from '@mantine/core';
import { IconGift, IconGiftOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TMember } from '../../../domain/contracts/members';
import { fullName } from '../../../domain/display';
import { phoneDigits } from '../../../domain/phone';
import { formatCalendarDate, formatNumber, formatPhone } from '../../lib/format';
import { EmailText } from '../../components/EmailText';
import { StoredImage } from '../../components/StoredImage';

/** Street, then city, state and zip (spec 02 §2.11's address, on one cell). */
function addressOf(member: TMember): string {
  const place = [member.city, [member.state, member.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [member.street, place].filter(Boolean).join(', ');
}

/**
 * The member list's table (spec 02 §2.7). S.No and Gift are for staff only; it scrolls sideways
 * on a phone rather than squeezing eleven columns.
 */
export function MembersTable({
  rows,
  staff,
  firstNumber,
  busy,
  caption,
  actionsOf,
}: {
  rows: readonly TMember[];
  staff: boolean;
  /** The S.No of the first row (page offset + 1). */
  firstNumber: number;
  busy: boolean;
  caption: string;
  actionsOf: (member: TMember) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={staff ? 940 : 800} type="native">
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {staff && <Table.Th>{t('members.columns.sno')}</Table.Th>}
            <Table.Th>{t('members.columns.image')}</Table.Th>
            <Table.Th>{t('members.columns.type')}</Table.Th>
            <Table.Th>{t('members.columns.familyId')}</Table.Th>
            <Table.Th>{t('members.columns.name')}</Table.Th>
            <Table.Th>{t('members.columns.email')}</Table.Th>
            <Table.Th>{t('members.columns.phone')}</Table.Th>
            <Table.Th>{t('members.columns.address')}</Table.Th>
            {staff && <Table.Th>{t('members.columns.gift')}</Table.Th>}
            <Table.Th>{t('members.columns.active')}</Table.Th>
            <Table.Th>{t('members.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((member, index) => {
            const name = fullName(member.MemberFirstName, member.MemberLastName);
            const received = member.giftrecieved === 'received';
            const giftText = received ? t('members.giftReceived') : t('members.giftNotReceived');
            const GiftIcon = received ? IconGift : IconGiftOff;
            return (
              <Table.Tr key={member.MemberId} data-member-id={member.MemberId}>
                {staff && <Table.Td>{formatNumber(firstNumber + index)}</Table.Td>}
                <Table.Td>
                  <StoredImage
                    src={member.memberImage}
                    alt={t('members.photoOf', { name })}
                    width={40}
                    height={40}
                    radius="xl"
                    placeholder="person"
                  />
                </Table.Td>
                <Table.Td>{member.MembershipType ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{member.FamilyPlanId ?? ''}</Table.Td>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <EmailText email={member.email} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {member.contactPhone && (
                    <Anchor href={`tel:${phoneDigits(member.contactPhone)}`} inherit>
                      {formatPhone(member.contactPhone)}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{addressOf(member)}</Table.Td>
                {staff && (
                  <Table.Td>
                    <Tooltip label={giftText} withArrow>
                      <Text
                        component="span"
                        role="img"
                        aria-label={giftText}
                        tabIndex={0}
                        c={received ? 'teal.9' : 'gray.7'}
                        data-gift={received ? 'received' : 'not-received'}
                        style={{ display: 'inline-flex' }}
                      >
                        <GiftIcon aria-hidden size={20} />
                      </Text>
                    </Tooltip>
                  </Table.Td>
                )}
                <Table.Td>
                  <Tooltip
                    label={
                      member.validityTo
                        ? t('members.validUntil', { date: formatCalendarDate(member.validityTo) })
                        : t('members.noEnd')
                    }
                    withArrow
                  >
                    <Text component="span" inherit tabIndex={0} data-active={member.is_active}>
                      {member.is_active ? t('members.yes') : t('members.no')}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{actionsOf(member)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
