import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError, messageOf } from '../../lib/api-client';
import { checkoutLimitMessage } from './checkout-limit-message';

/** Why a checkout could not start, in words for the buyer; field problems show on the fields. */
export function CheckoutErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : undefined;
  const message =
    code === 'CONFLICT'
      ? t('events.errors.conflict')
      : code === 'VALIDATION'
        ? t('events.errors.checkFields')
        : (checkoutLimitMessage(error, t) ?? messageOf(error, t));
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
      {message}
    </Alert>
  );
}
