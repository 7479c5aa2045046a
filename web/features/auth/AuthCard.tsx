import { Container, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/PageTitle';

/** The frame of every sign-in and password page: the title, a line of help, and one form. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  /** Links to the neighbouring pages, below the form. */
  footer?: ReactNode;
}) {
  return (
    <Container size={460} px={0}>
      <Stack gap="lg">
        <PageTitle>{title}</PageTitle>
        {intro && <Text>{intro}</Text>}
        <Paper withBorder p="xl" radius="md">
          {children}
        </Paper>
        {footer && <Stack gap="xs">{footer}</Stack>}
      </Stack>
    </Container>
  );
}
