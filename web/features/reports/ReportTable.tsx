import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame both report tables share: a named, focusable scroll region (so a keyboard can
 * scroll a table wider than a phone) holding a striped table with the given column headers.
 */
export function ReportTable(props: {
  label: string;
  minWidth: number;
  headers: string[];
  children: ReactNode;
  /** A closing row (the totals), kept apart from the payments. */
  footer?: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={props.minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={props.label}
    >
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {props.headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
        {props.footer && <Table.Tfoot>{props.footer}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
