import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../domain/constants';
import { loadConfig } from '../../config';
import { reminderLink, reminderMail } from './reminder-mail';

const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://samaj.example.org' }, 'test');
const input = {
  kind: 'before-7' as const,
  language: 'de' as const,
  to: 'nila@example.net',
  firstName: 'Nila',
  lastName: '<Shah>',
  planName: 'Family Membership',
  validityTo: '2026-12-31',
  linkExpiresAt: new Date('2027-01-07T18:00:00Z'),
  token: 'a'.repeat(43),
};

describe('the renewal reminder e-mail', () => {
  it("is written in the member's language, with the one-click link in the hash", () => {
    const mail = reminderMail(config, input);
    expect(mail.subject).toBe('Gujarati Samaj: Ihre Mitgliedschaft endet in 7 Tagen');
    expect(mail.text).toContain('Ihre Mitgliedschaft Family Membership endet in einer Woche');
    expect(mail.text).toContain(
      `https://samaj.example.org/#/renewmember/link?token=${'a'.repeat(43)}`,
    );
    expect(reminderLink(config, 'x')).toBe('https://samaj.example.org/#/renewmember/link?token=x');
  });

  it('escapes names in the HTML part', () => {
    const html = reminderMail(config, input).html ?? '';
    expect(html).toContain('&lt;Shah&gt;');
    expect(html).not.toContain('<Shah>');
  });

  it('has every reminder in every language', () => {
    for (const language of LANGUAGE_CODES) {
      for (const kind of ['before-30', 'before-7', 'after-7'] as const) {
        const mail = reminderMail(config, { ...input, language, kind });
        expect(mail.subject.length, `${language} ${kind}`).toBeGreaterThan(10);
        expect(mail.text).toContain('#/renewmember/link?token=');
      }
    }
  });
});
