import type { ParseKeys } from 'i18next';

/** The public site's pages, in the order the header and the phone menu show them. */
export const PUBLIC_LINKS: readonly { to: string; labelKey: ParseKeys }[] = [
  { to: '/about', labelKey: 'nav.about' },
  { to: '/leadership', labelKey: 'nav.leadership' },
  { to: '/contact', labelKey: 'nav.contact' },
  { to: '/event', labelKey: 'nav.events' },
  { to: '/donate', labelKey: 'nav.donate' },
];

/** Spec 01 §2: the footer links of every public and success page. */
export const FOOTER_LINKS = PUBLIC_LINKS.slice(0, 3);
