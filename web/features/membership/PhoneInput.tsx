import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneInput } from '../../../domain/phone';

/** A phone field that shows (123) 456-7890 as the digits arrive (spec 02 §5), 10 digits at most. */
export function PhoneInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (formatted: string) => void;
}) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={props.autoComplete ?? 'tel'}
      value={value}
      onChange={(event) => onChange(formatPhoneInput(event.currentTarget.value))}
    />
  );
}
