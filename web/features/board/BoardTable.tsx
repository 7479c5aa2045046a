import '@mantine/core/styles/Table.css';
import { Button, Group, Table } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TBoardMember } from '../../../domain/contracts/board';
import { fullName } from '../../../domain/display';
import { formatNumber, formatPhone } from '../../lib/format';
import { StoredImage } from '../../components/StoredImage';
import { BOARD_TYPE_KEYS } from './board-types';
import { EmailText } from '../../components/EmailText';

const PHOTO_SIZE = 40;

/** Spec 02 §2.3: S.No, Profile, Name, Email, Phone No, Member Type, Actions. */
export function BoardTable({
  rows,
  firstNumber,
  mayManage,
  onEdit,
  onRemove,
}: {
  rows: readonly TBoardMember[];
  /** The S.No of the first row shown (pages continue the count). */
  firstNumber: number;
  mayManage: boolean;
  onEdit: (member: TBoardMember) => void;
  onRemove: (member: TBoardMember) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('board.columns.sNo')}</Table.Th>
            <Table.Th>{t('board.columns.profile')}</Table.Th>
            <Table.Th>{t('board.columns.name')}</Table.Th>
            <Table.Th>{t('board.columns.email')}</Table.Th>
            <Table.Th>{t('board.columns.phone')}</Table.Th>
            <Table.Th>{t('board.columns.type')}</Table.Th>
            <Table.Th>{t('board.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((member, index) => {
            const name = fullName(member.fName, member.lName);
            return (
              <Table.Tr key={member.id}>
                <Table.Td>{formatNumber(firstNumber + index)}</Table.Td>
                <Table.Td>
                  <StoredImage
                    src={member.image}
                    alt={t('board.photoOf', { name })}
                    width={PHOTO_SIZE}
                    height={PHOTO_SIZE}
                    radius="xl"
                    placeholder="person"
                  />
                </Table.Td>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <EmailText email={member.email} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(member.contactPhone)}
                </Table.Td>
                <Table.Td>{t(BOARD_TYPE_KEYS[member.memberBoardType])}</Table.Td>
                <Table.Td>
                  {mayManage ? (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconEdit aria-hidden size={14} />}
                        aria-label={t('board.editNamed', { name })}
                        onClick={() => onEdit(member)}
                      >
                        {t('board.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash aria-hidden size={14} />}
                        aria-label={t('board.removeNamed', { name })}
                        onClick={() => onRemove(member)}
                      >
                        {t('board.remove')}
                      </Button>
                    </Group>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
