import { describe, expect, it } from 'vitest';
import { ZNonMemberTicketCheckout, ZTableCheckout } from '../../../domain/contracts/payments';
import { fieldsWithErrors } from './form-errors';

const buyer = {
  fname: 'Asha',
  lname: 'Patel',
  email: 'asha@example.org',
  contact: '(312) 555-0199',
};

describe('fieldsWithErrors', () => {
  it('names the buyer fields the shared schema refuses', () => {
    const result = ZNonMemberTicketCheckout.safeParse({
      kind: 'nonmember-ticket',
      eventid: 3,
      ticket: 2,
      buyer: { ...buyer, fname: ' ', email: 'not-an-email', contact: '555-01' },
    });
    expect(result.success).toBe(false);
    expect([...fieldsWithErrors(result.error?.issues)].sort()).toEqual([
      'contact',
      'email',
      'fname',
    ]);
  });

  it('accepts a phone typed as (123) 456-7890 with ten digits', () => {
    const result = ZNonMemberTicketCheckout.safeParse({
      kind: 'nonmember-ticket',
      eventid: 3,
      ticket: 2,
      buyer,
    });
    expect(result.success).toBe(true);
  });

  it('puts a table whose seats do not add up to 10 on the adults field', () => {
    const result = ZTableCheckout.safeParse({
      kind: 'table-for-10',
      eventid: 3,
      buyer,
      member_adult: 4,
      member_kids5: 2,
      member_kids613: 2,
    });
    expect([...fieldsWithErrors(result.error?.issues)]).toEqual(['member_adult']);
  });

  it('reads the server answer fields the same way', () => {
    expect([...fieldsWithErrors({ 'buyer.email': 'Email is not Valid.', ticket: 'x' })]).toEqual([
      'email',
      'ticket',
    ]);
  });
});
