import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { REFUND_MESSAGES } from '../../../domain/contracts/refunds';
import { centsToDecimal, parseMoney } from '../../../domain/money';
import { moneyText } from '../../components/money-text';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { newRequestKey, useRefundPayment } from './api/refunds';
import { amountProblem, leftToRefund, type TRefundable } from './refund-amounts';
import { DecimalInput } from '../../components/DecimalInput';

/**
 * Refund a payment in full or in part (admins): the amount starts at all that is left, a reason
 * goes into the buyer's e-mail. One key per opened dialog, so a double click refunds once.
 */
export function RefundDialog({
  payment,
  onClose,
  onRefunded,
}: {
  payment: TRefundable;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const left = leftToRefund(payment);
  const [amount, setAmount] = useState(centsToDecimal(left));
  const [reason, setReason] = useState('');
  const [requestKey] = useState(newRequestKey);
  const [submitted, setSubmitted] = useState(false);
  const refund = useRefundPayment();
  const problem = amountProblem(amount, left);
  const amountError =
    submitted && problem
      ? problem === 'aboveLeft'
        ? t('refunds.errors.aboveLeft', { left: moneyText(centsToDecimal(left)) })
        : t('refunds.errors.amount')
      : null;
  const reasonError = submitted && !reason.trim() ? t('refunds.errors.reason') : null;
  const cents = parseMoney(amount) ?? 0;

  function serverError(error: unknown): string {
    if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return messageOf(error, t);
    if (error.message === REFUND_MESSAGES.notRefundable) return t('refunds.errors.notRefundable');
    if (error.message === REFUND_MESSAGES.nothingLeft) return t('refunds.errors.nothingLeft');
    if (error.message === REFUND_MESSAGES.otherProvider) return t('refunds.errors.otherProvider');
    return t('refunds.errors.changed');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problem || !reason.trim()) return;
    refund.mutate(
      {
        transactionId: payment.transactionID,
        request: { amount: amount.trim(), reason: reason.trim(), requestKey },
      },
      {
        onSuccess: (made) => {
          notify.success(
            t('refunds.done', { amount: moneyText(made.refund.amount) }),
            t('refunds.doneTitle'),
          );
          onRefunded();
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('refunds.title', { transactionId: payment.transactionID })}
      closeButtonProps={{ 'aria-label': t('refunds.close') }}
      styles={{ title: { wordBreak: 'break-all' } }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            {t('refunds.summary', {
              paid: moneyText(payment.price),
              refunded: moneyText(payment.refunded),
              left: moneyText(centsToDecimal(left)),
            })}
          </Text>
          <DecimalInput
            label={t('refunds.amount')}
            description={t('refunds.amountHint')}
            required
            value={amount}
            error={amountError}
            onChange={setAmount}
          />
          <Textarea
            label={t('refunds.reason')}
            description={t('refunds.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(change) => setReason(change.currentTarget.value)}
          />
          {refund.error && (
            <Alert color="red" variant="light">
              {serverError(refund.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('refunds.keep')}
            </Button>
            <Button type="submit" color="red.9" loading={refund.isPending}>
              {problem
                ? t('refunds.confirmPlain')
                : t('refunds.confirm', { amount: moneyText(centsToDecimal(cents)) })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
