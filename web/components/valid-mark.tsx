import { IconCircleCheck } from '@tabler/icons-react';

/**
 * The "valid" marking of a checked field (spec 02 §5): a green tick at the input's right and
 * `data-valid` for styling. Invalid fields already say so through their error; screen readers
 * hear the error, so the tick is decoration only.
 */
export function validMarkProps(valid: boolean) {
  if (!valid) return {};
  return {
    rightSection: (
      <IconCircleCheck aria-hidden size={18} color="var(--mantine-color-green-8)" stroke={1.8} />
    ),
    'data-valid': true,
  };
}
