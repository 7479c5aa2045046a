import '@mantine/core/styles/Table.css';
import { Anchor, Button, Group, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { formatReceiptDateTime } from '../../lib/format';
import { displayTimeZone } from '../../components/display-time-zone';
import { DoorCodeQr } from '../../components/DoorCodeQr';
import { PageTitle } from '../../components/PageTitle';
import { SuccessFrame } from './SuccessFrame';

export interface TSuccessLayoutProps {
  /** The screen's title, e.g. "Gala Event Payment Successfull" or "Payment Successfull". */
  title: string;
  /** Shown as "Transaction Complete for {email}". */
  email: string;
  transactionId: string;
  /**
   * The instant shown as "MMM d y, h:mm a": the stored payment's `created_at` on the screens that
   * read the record, or the time the screen opened on the others (spec 01 §2's notes).
   */
  at: Date | string;
  /** What was bought, from the server's answer (never the URL): label and value pairs. */
  details?: readonly { label: string; value: string }[];
  /** Where Continue goes: a route of this app, e.g. '/event' or '/viewevent/12'. */
  continueTo: string;
  /** The Continue button's text; "Continue" when not given (the member ticket screen: "View Event"). */
  continueLabel?: string;
  /** A back link above the title (the non-member screen's back navigation). */
  back?: { to: string; label: string };
  /** Lines under the receipt: a copyright line, a credit. */
  footnote?: ReactNode;
  /** A ticket's door code, shown as a QR code to scan at the door. */
  doorCode?: string | null;
}

/**
 * The one layout of the five payment success screens (spec 01 §2): title, "Transaction Complete
 * for {email}", the transaction id, the date, "Receipt is Generated and Sent to your Email.", a
 * Continue button, and the footer links to About, Leadership and Contact.
 */
export function SuccessLayout({
  title,
  email,
  transactionId,
  at,
  details = [],
  continueTo,
  continueLabel,
  back,
  footnote,
  doorCode,
}: TSuccessLayoutProps) {
  const { t } = useTranslation();
  return (
    <SuccessFrame>
      <Stack gap="lg">
        {back && (
          <Anchor component={Link} to={back.to}>
            <Group gap={4} component="span">
              <IconArrowLeft aria-hidden size={18} />
              {back.label}
            </Group>
          </Anchor>
        )}
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon color="teal" variant="light" size={48} radius="xl" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <PageTitle>{title}</PageTitle>
        </Group>
        <Text size="lg">{t('success.completeFor', { email })}</Text>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={{ base: 120, sm: 180 }}>{t('success.transactionId')}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }} data-testid="transaction-id">
                {transactionId}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('success.date')}</Table.Th>
              <Table.Td>{formatReceiptDateTime(at, displayTimeZone())}</Table.Td>
            </Table.Tr>
            {details.map((detail) => (
              <Table.Tr key={detail.label}>
                <Table.Th>{detail.label}</Table.Th>
                <Table.Td>{detail.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {doorCode && (
          <Stack gap="xs" align="center">
            <DoorCodeQr code={doorCode} label={t('success.doorQrLabel', { code: doorCode })} />
            <Text ta="center" fw={600}>
              {t('success.doorQrHint')}
            </Text>
          </Stack>
        )}
        <Text>{t('success.receiptSent')}</Text>
        <Group>
          <Button component={Link} to={continueTo} size="md">
            {continueLabel ?? t('success.continue')}
          </Button>
        </Group>
        {footnote && (
          <Text size="sm" c="dimmed">
            {footnote}
          </Text>
        )}
      </Stack>
    </SuccessFrame>
  );
}
