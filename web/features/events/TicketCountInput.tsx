import { NumberInput } from '@mantine/core';

/** A whole number of tickets or seats between `min` and `max`; an emptied field counts as 0. */
export function TicketCountInput({
  label,
  description,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  description?: string;
  value: number;
  min: number;
  max: number;
  error?: string;
  onChange: (value: number) => void;
}) {
  return (
    <NumberInput
      label={label}
      description={description}
      value={value}
      min={min}
      max={max}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      error={error}
      onChange={(next) => onChange(typeof next === 'number' ? next : Number(next) || 0)}
    />
  );
}
