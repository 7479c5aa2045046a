import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Menu } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCash,
  IconChevronDown,
  IconEdit,
  IconGift,
  IconMail,
  IconNotes,
  IconReceipt,
  IconRefresh,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TMember } from '../../../domain/contracts/members';
import { fullName } from '../../../domain/display';

export type TMemberAction = 'edit' | 'payments' | 'offline' | 'gift' | 'notes' | 'mail' | 'delete';

/** What the caller may do on a row (DESIGN §3c); the server refuses the rest anyway. */
export interface TRowRights {
  /** Staff: gift and notes. */
  staff: boolean;
  /** Global admins and super users: delete (not temporary admins, not members). */
  mayDelete: boolean;
  /** Global admins and super users: record cash or a cheque (issue 15; not temporary admins). */
  mayRecordOffline: boolean;
}

/**
 * A row's actions (spec 02 §2.7): Edit, Payments, View Family Data, Renew Membership, and for
 * staff Add Gift, Add Notes and Send Mail To Member, View Today's Event when there is one, Delete for admins. The
 * screens of the family and the renewal are told the member by id, never by a token.
 */
export function MemberActions({
  member,
  rights,
  todaysEventId,
  onAction,
}: {
  member: TMember;
  rights: TRowRights;
  todaysEventId: number | null;
  onAction: (action: TMemberAction, member: TMember) => void;
}) {
  const { t } = useTranslation();
  const memberQuery = rights.staff ? `?memberid=${member.MemberId}` : '';
  const icon = (Icon: typeof IconEdit) => <Icon aria-hidden size={16} />;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="compact-sm"
          rightSection={<IconChevronDown aria-hidden size={14} />}
          aria-label={t('members.actions.menu', {
            name: fullName(member.MemberFirstName, member.MemberLastName),
          })}
        >
          {t('members.columns.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={icon(IconEdit)} onClick={() => onAction('edit', member)}>
          {t('members.actions.edit')}
        </Menu.Item>
        <Menu.Item leftSection={icon(IconReceipt)} onClick={() => onAction('payments', member)}>
          {t('members.actions.payments')}
        </Menu.Item>
        {rights.mayRecordOffline && (
          <Menu.Item leftSection={icon(IconCash)} onClick={() => onAction('offline', member)}>
            {t('members.actions.offline')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={icon(IconUsers)} component={Link} to={`/family${memberQuery}`}>
          {t('members.actions.family')}
        </Menu.Item>
        <Menu.Item
          leftSection={icon(IconRefresh)}
          component={Link}
          to={`/renewmember${memberQuery}`}
        >
          {t('members.actions.renew')}
        </Menu.Item>
        {rights.staff && (
          <>
            <Menu.Item leftSection={icon(IconGift)} onClick={() => onAction('gift', member)}>
              {t('members.actions.gift')}
            </Menu.Item>
            <Menu.Item leftSection={icon(IconNotes)} onClick={() => onAction('notes', member)}>
              {t('members.actions.notes')}
            </Menu.Item>
            <Menu.Item leftSection={icon(IconMail)} onClick={() => onAction('mail', member)}>
              {t('members.actions.mail')}
            </Menu.Item>
          </>
        )}
        {todaysEventId !== null && (
          <Menu.Item
            leftSection={icon(IconCalendarEvent)}
            component={Link}
            to={`/viewevent/${todaysEventId}`}
          >
            {t('members.actions.todaysEvent')}
          </Menu.Item>
        )}
        {rights.mayDelete && (
          <Menu.Item
            color="red.9"
            leftSection={icon(IconTrash)}
            onClick={() => onAction('delete', member)}
          >
            {t('members.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
