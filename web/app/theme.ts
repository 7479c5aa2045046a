import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  rgba,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * A light button or badge given a dark shade for contrast (`color="red.9"`) is that shade's
 * text, darkened, on that shade's tint. Mantine paints such a one solid in the shade with its
 * light text colour on top, which for red.9 was red on red: the family page's Delete buttons
 * were blank red bars.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.shade === undefined) return resolved;
  return {
    ...resolved,
    background: rgba(parsed.value, 0.1),
    hover: rgba(parsed.value, 0.16),
    // A quarter darker than the shade: at least 5.3:1 on its tint over a striped or hovered row
    color: darken(parsed.value, 0.25),
  };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons above the 4.5:1 contrast that axe requires.
  primaryShade: 8,
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: {
    fontWeight: '650',
    // A page's title keeps 34 px from 740 px wide and shrinks with the screen below that (27 px
    // at 390 px, never under 26), so a German compound ("Mitgliedschaftstarife") fits a phone.
    sizes: { h1: { fontSize: 'clamp(1.625rem, 1.2rem + 2vw, 2.125rem)' } },
  },
});

/**
 * Mantine's default placeholder and dimmed greys fail colour contrast; overriding them here
 * (a plain `:root` rule loses to Mantine's own variables) keeps every page axe-clean.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors in Mantine's default red-6 reach only 3.3:1 on white; red-9 reads at 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
