import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';

/** A password input whose show/hide button is named in the visitor's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
    />
  );
}
