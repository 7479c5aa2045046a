import '@mantine/core/styles/Table.css';
import { Button, Table } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TAdminAccount } from '../../../domain/contracts/auth';
import { formatCalendarDate } from '../../lib/format';
import { fullName } from '../../../domain/display';

export function AccountsTable({
  accounts,
  onEdit,
}: {
  accounts: readonly TAdminAccount[];
  onEdit: (account: TAdminAccount) => void;
}) {
  const { t } = useTranslation();
  const kindOf = (account: TAdminAccount) =>
    account.is_staff ? t('accounts.kinds.tempadmin') : t(`accounts.kinds.${account.kind}`);
  const validityOf = (account: TAdminAccount) =>
    account.validityFrom || account.validityTo
      ? t('accounts.validityRange', {
          from: formatCalendarDate(account.validityFrom) || '…',
          to: formatCalendarDate(account.validityTo) || '…',
        })
      : t('accounts.noValidityLimit');

  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('accounts.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('accounts.columns.email')}</Table.Th>
            <Table.Th scope="col">{t('accounts.columns.kind')}</Table.Th>
            <Table.Th scope="col">{t('accounts.columns.validity')}</Table.Th>
            <Table.Th scope="col">{t('accounts.columns.active')}</Table.Th>
            <Table.Th scope="col">{t('accounts.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => {
            const name = fullName(account.firstName, account.lastName);
            return (
              <Table.Tr key={account.id}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{account.email}</Table.Td>
                <Table.Td>{kindOf(account)}</Table.Td>
                <Table.Td>{validityOf(account)}</Table.Td>
                <Table.Td>{account.is_active ? t('accounts.yes') : t('accounts.no')}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconPencil aria-hidden size={14} />}
                    aria-label={t('accounts.editLabel', { name: name || account.email })}
                    onClick={() => onEdit(account)}
                  >
                    {t('accounts.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
