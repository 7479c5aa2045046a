import type { TFunction } from 'i18next';
import type { TPaymentMethod } from '../../../domain/constants';

/** "Card", "Cash" or "Cheque no. 1234" in the reader's language. */
export function methodText(
  payment: { method: TPaymentMethod; chequeNumber: string | null },
  t: TFunction,
): string {
  return payment.method === 'cheque'
    ? t('offline.methodWithNumber', { number: payment.chequeNumber ?? '' })
    : t(`offline.method.${payment.method}`);
}
