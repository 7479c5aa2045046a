import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { decimalForInput, decimalFromInput } from '../lib/format';

type TDecimalInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode'> & {
  /** The amount in the wire's form, "75.00" (or what is being typed, "75."). */
  value: string;
  /** Called with the typed text in the wire's form. */
  onChange: (decimal: string) => void;
};

/**
 * A text field for an amount, written with the reader's decimal mark: a German treasurer sees
 * and types "75,00" where the wire and the server's checks use "75.00".
 */
export function DecimalInput({ value, onChange, ...props }: TDecimalInputProps) {
  useTranslation(); // shows the new mark when the language changes
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={decimalForInput(value)}
      onChange={(event) => onChange(decimalFromInput(event.currentTarget.value))}
    />
  );
}
