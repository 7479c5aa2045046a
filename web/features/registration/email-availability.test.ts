import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { emailUnavailableText } from './use-email-availability';

const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('why an e-mail cannot join', () => {
  it('says a member has it when the check answers only available: false', () => {
    expect(
      emailUnavailableText({ available: false, paymentInProgressUntil: null, checking: false }, t),
    ).toBe('membership.rules.emailTaken');
  });

  it('says a payment for it is in progress, and when it lapses in the association time zone', () => {
    expect(
      emailUnavailableText(
        {
          available: false,
          paymentInProgressUntil: '2026-11-22T21:30:00.000Z',
          checking: false,
        },
        t,
      ),
    ).toBe('registration.member.emailPaymentInProgress {"time":"Nov 22 2026, 3:30 PM"}');
  });

  it('says nothing while the address may join or is not checked yet', () => {
    for (const available of [true, null]) {
      expect(
        emailUnavailableText({ available, paymentInProgressUntil: null, checking: false }, t),
      ).toBeUndefined();
    }
  });
});
