import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../domain/contracts/donations';
import { donationBody, EMPTY_DONATION, formFieldOf, ZDonationForm } from './donation-form';

const filled = {
  ...EMPTY_DONATION,
  amount: '42.5',
  dedication: 'In memory of Kanti Patel',
  fname: 'Meera',
  email: 'meera@example.org',
};

describe('the donate form', () => {
  it('sends the checkout body with the donor grouped and the amount as typed', () => {
    expect(donationBody(filled)).toEqual({
      kind: 'donation',
      amount: '42.5',
      dedication: 'In memory of Kanti Patel',
      donor: { fname: 'Meera', lname: '', email: 'meera@example.org', contact: '' },
    });
  });

  it('accepts no phone, and normalises the amount the way the server will', () => {
    const parsed = ZDonationForm.parse(filled);
    expect(parsed.amount).toBe('42.50');
    expect(parsed.contact).toBeUndefined();
  });

  it.each([
    ['0.99', DONATION_MESSAGES.amountMin],
    ['100000.01', DONATION_MESSAGES.amountMax],
    ['4,2', DONATION_MESSAGES.amount],
  ])('refuses %s with "%s" on the amount field', (amount, message) => {
    const result = ZDonationForm.safeParse({ ...filled, amount });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', message],
    ]);
  });

  it("names the server's grouped fields as the form does", () => {
    expect(formFieldOf('donor.email')).toBe('email');
    expect(formFieldOf('amount')).toBe('amount');
  });
});
