import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { fullName } from '../../../domain/display';
import { ChangePasswordModal } from './ChangePasswordModal';
import { useCurrentUser } from './use-current-user';

/**
 * The signed-in account in the back office's header: who it is, in which role, and the change
 * of its own password. With both an admin and a member login, the admin account is the one meant.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { admin, member, isTempAdmin } = useCurrentUser();
  const [changing, changePassword] = useDisclosure(false);
  const account = admin ?? member;
  if (!account) return null;

  const name = fullName(account.firstName, account.lastName) || account.email;
  const role = isTempAdmin ? 'tempadmin' : account.role;
  return (
    <>
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconUserCircle aria-hidden size={18} />}
            rightSection={<IconChevronDown aria-hidden size={14} />}
          >
            {name}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t(`auth.userMenu.roles.${role}`)}</Menu.Label>
          <Menu.Item leftSection={<IconKey aria-hidden size={16} />} onClick={changePassword.open}>
            {t('auth.userMenu.changePassword')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal
        opened={changing}
        onClose={changePassword.close}
        kind={account.kind}
        email={account.email}
      />
    </>
  );
}
