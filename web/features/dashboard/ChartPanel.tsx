import '@mantine/core/styles/Table.css';
import { Box, Card, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface TChartTable {
  columns: string[];
  rows: string[][];
}

/**
 * One chart in a card: its title and a line saying what it shows, then the picture. The picture
 * is hidden from screen readers, which read the same numbers as a table instead; with no data the
 * card says so in words rather than drawing empty axes.
 */
export function ChartPanel({
  id,
  title,
  description,
  empty,
  table,
  wide = false,
  children,
}: {
  id: string;
  /** Takes the whole row of the dashboard's grid (a long time series, a long list of events). */
  wide?: boolean;
  title: string;
  description: string;
  /** The sentence to show instead of the chart, or null when there is something to draw. */
  empty: string | null;
  table: TChartTable;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      padding="lg"
      radius="md"
      data-chart={id}
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <Stack gap={4} mb="md">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {empty ? (
        <Stack align="center" justify="center" gap="xs" mih={200}>
          <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
            <IconChartBarOff size={22} />
          </ThemeIcon>
          <Text size="sm" c="dimmed" ta="center" data-chart-empty>
            {empty}
          </Text>
        </Stack>
      ) : (
        <>
          <Box aria-hidden="true">{children}</Box>
          <VisuallyHidden>
            <Table>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row, index) => (
                  <Table.Tr key={index}>
                    {row.map((cell, column) => (
                      <Table.Td key={column}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}
