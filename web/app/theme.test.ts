import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const colorsOf = (color: string, variant: string) =>
  full.variantColorResolver({ color, variant, theme: full });

describe('the theme', () => {
  it('shows a light button in a dark shade as that shade, darkened, on its tint, never shade on shade', () => {
    const red9 = full.colors.red[9];
    const delete_ = colorsOf('red.9', 'light');
    expect(delete_.color).not.toBe(red9);
    expect(delete_.color).toMatch(/^rgba\(151, 32, 32, 1\)$/);
    expect(delete_.background).not.toBe(red9);
    expect(delete_.background).toMatch(/^rgba\(.*, 0\.1\)$/);
  });

  it('leaves the other variants and a light button of a plain colour as Mantine has them', () => {
    expect(colorsOf('red', 'light').background).toBe('var(--mantine-color-red-light)');
    expect(colorsOf('red.9', 'filled').background).toBe('var(--mantine-color-red-9)');
  });
});
