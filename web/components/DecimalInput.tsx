import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
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
 * and types "75,00" where the wire and the server's checks use "75.00". The field keeps the
 * text as typed (a point typed in German stays a point, the caret where it was); it shows the
 * amount afresh only when the amount changes from outside (a preset, a reset) or the language
 * changes.
 */
export function DecimalInput({ value, onChange, ...props }: TDecimalInputProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [shown, setShown] = useState(() => ({ text: decimalForInput(value), value, language }));
  if (shown.value !== value || shown.language !== language) {
    setShown({ text: decimalForInput(value), value, language });
  }
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={shown.text}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const decimal = decimalFromInput(text);
        setShown({ text, value: decimal, language });
        onChange(decimal);
      }}
    />
  );
}
