import { Badge, Button } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { refundStateOf } from '../../../domain/contracts/refunds';
import { parseMoney } from '../../../domain/money';
import { RefundDialog } from './RefundDialog';
import { leftToRefund, type TRefundable } from './refund-amounts';
import { useCanRefund } from './use-can-refund';

/** "Partly refunded" or "Refunded" beside a payment; nothing for one never refunded. */
export function RefundStateBadge({ payment }: { payment: TRefundable }) {
  const { t } = useTranslation();
  const state = refundStateOf(payment.status, parseMoney(payment.refunded) ?? 0);
  if (state === 'none') return null;
  return (
    <Badge color={state === 'full' ? 'red.9' : 'indigo.9'} variant="filled">
      {t(`refunds.state.${state}`)}
    </Badge>
  );
}

/** The Refund button (admins, a payment with money left to give back) and its dialog. */
export function RefundButton({
  payment,
  onRefunded,
}: {
  payment: TRefundable;
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const canRefund = useCanRefund();
  const [open, setOpen] = useState(false);
  if (!canRefund || leftToRefund(payment) === 0) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="red.9"
        leftSection={<IconReceiptRefund aria-hidden size={16} />}
        aria-label={t('refunds.buttonFor', { transactionId: payment.transactionID })}
        onClick={() => setOpen(true)}
      >
        {t('refunds.button')}
      </Button>
      {open && (
        <RefundDialog payment={payment} onClose={() => setOpen(false)} onRefunded={onRefunded} />
      )}
    </>
  );
}
