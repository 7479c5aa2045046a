import type { TFunction } from 'i18next';
import type { TFieldErrors } from '../../lib/form-errors';

/**
 * A new password is typed twice. The repeat is judged only once the new password itself is
 * acceptable, so the visitor fixes one thing at a time; its problem goes on `confirmPassword`.
 */
export function withConfirmation(
  errors: TFieldErrors,
  passwordField: string,
  values: Readonly<Record<string, string>>,
  t: TFunction,
): TFieldErrors {
  if (errors[passwordField] || values.confirmPassword === values[passwordField]) return errors;
  return { ...errors, confirmPassword: t('validation.passwordsDiffer') };
}
