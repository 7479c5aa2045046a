import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TFamilyRow, TRelation } from './family-rows';

const RELATION_KEYS = {
  Member: 'family.relation.member',
  Spouse: 'family.relation.spouse',
  Dependent: 'family.relation.dependent',
} as const satisfies Record<TRelation, string>;

/**
 * The family table of spec 02 §2.11. It scrolls sideways on a phone rather than squeezing nine
 * columns; the member's row leads to `#/add`, the others offer Delete where allowed.
 */
export function FamilyTable({
  rows,
  editPath,
  canDelete,
  onDelete,
}: {
  rows: readonly TFamilyRow[];
  editPath: string;
  canDelete: boolean;
  onDelete: (row: TFamilyRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>{t('family.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('family.columns.familyId')}</Table.Th>
            <Table.Th>{t('family.columns.name')}</Table.Th>
            <Table.Th>{t('family.columns.membershipType')}</Table.Th>
            <Table.Th>{t('family.columns.address')}</Table.Th>
            <Table.Th>{t('family.columns.email')}</Table.Th>
            <Table.Th>{t('family.columns.phone')}</Table.Th>
            <Table.Th>{t('family.columns.dateOfBirth')}</Table.Th>
            <Table.Th>{t('family.columns.relation')}</Table.Th>
            <Table.Th>{t('family.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-relation={row.relation}>
              <Table.Td>{row.familyId}</Table.Td>
              <Table.Td fw={row.relation === 'Member' ? 600 : undefined}>{row.name}</Table.Td>
              <Table.Td>{row.membershipType}</Table.Td>
              <Table.Td>
                {row.address.map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {row.email && (
                  <Anchor href={`mailto:${row.email}`} size="sm">
                    {row.email}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.phone}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.dateOfBirth}</Table.Td>
              <Table.Td>{t(RELATION_KEYS[row.relation])}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {row.slotName === null ? (
                    <Button
                      component={Link}
                      to={editPath}
                      size="xs"
                      variant="light"
                      leftSection={<IconEdit aria-hidden size={16} />}
                    >
                      {t('family.addEdit')}
                    </Button>
                  ) : (
                    canDelete && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red.9"
                        leftSection={<IconTrash aria-hidden size={16} />}
                        onClick={() => onDelete(row)}
                        aria-label={t('family.deleteNamed', { name: row.name })}
                      >
                        {t('family.delete')}
                      </Button>
                    )
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
