import { em, useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is at least `breakpoint` wide. Layouts render their controls once, in
 * the header or in the phone menu, rather than twice with one copy hidden: a hidden twin
 * confuses browser tests and anyone searching the page by label.
 */
export function useWideScreen(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  // The app renders only in the browser, so the real value is known on the first render.
  return useMediaQuery(`(min-width: ${em(theme.breakpoints[breakpoint])})`, undefined, {
    getInitialValueInEffect: false,
  });
}
