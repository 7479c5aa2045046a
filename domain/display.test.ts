import { describe, expect, it } from 'vitest';
import {
  addressLines,
  familyPlanId,
  paymentDescriptionLabel,
  paymentMethodLabel,
  paymentKindOf,
  tableForTenNotes,
  ticketCount,
  ticketKindLabel,
  ticketKindOf,
  ticketProductNames,
} from './display';

const names = ticketProductNames('Gala');

describe('report display mappings (spec 01 §3)', () => {
  it('names the three ticket products with the event prefix', () => {
    expect(names).toEqual({
      member: 'Gala Event Members Ticket',
      nonMember: 'Gala Event Non Member Tickets',
      table: 'Gala Event TableFor10 Tickets',
    });
  });

  it('shows ticket kinds as "Table For 10", "Member" and "Non Member"', () => {
    expect(ticketKindLabel(names.table)).toBe('Table For 10');
    expect(ticketKindLabel(names.member)).toBe('Member');
    expect(ticketKindLabel(names.nonMember)).toBe('Non Member');
  });

  it('always counts a table for ten as 10 tickets', () => {
    expect(ticketCount(names.table, 3)).toBe(10);
    expect(ticketCount(names.member, 3)).toBe(3);
  });

  it('shows payment descriptions in words', () => {
    expect(paymentDescriptionLabel('initial payment')).toBe('New Member Register');
    expect(paymentDescriptionLabel('renew payment')).toBe('Member Renewed');
    expect(paymentDescriptionLabel('dependent payment')).toBe('Dependent Added');
    expect(paymentDescriptionLabel('payment')).toBe('payment');
  });

  it('says how a payment was made, a cheque with its number', () => {
    expect(paymentMethodLabel('card', null)).toBe('Card');
    expect(paymentMethodLabel('cash', null)).toBe('Cash');
    expect(paymentMethodLabel('cheque', '004512')).toBe('Cheque 004512');
  });
});

describe('stored texts', () => {
  it('writes table-for-ten notes', () => {
    expect(tableForTenNotes(6, 1, 3)).toBe(
      'Adult 6 ticket(s), Kids (Under 5 years): 1 ticket(s), Kids (6 to 13 years): 3 ticket(s)',
    );
  });

  it('puts an address on two lines, or one without a street', () => {
    expect(
      addressLines({ street: '12 Elm St', city: 'Houston', state: 'TX', zipcode: '77001' }),
    ).toEqual(['12 Elm St', 'Houston, TX, 77001']);
    expect(addressLines({ street: '', city: 'Houston', state: 'TX', zipcode: '77001' })).toEqual([
      'Houston, TX, 77001',
    ]);
  });

  it('numbers families per plan prefix with four digits', () => {
    expect(familyPlanId('GM', 42)).toBe('GM0042');
  });
});

describe('kinds behind the report labels', () => {
  it('names the ticket a stored product is', () => {
    expect(ticketKindOf('GALA Event TableFor10 Tickets')).toBe('table');
    expect(ticketKindOf('GALA Event Members Ticket')).toBe('member');
    expect(ticketKindOf('GALA Event Non Member Tickets')).toBe('nonMember');
    expect(ticketKindOf('Something else')).toBeNull();
  });

  it('names the membership payment a stored description is', () => {
    expect(paymentKindOf('initial payment')).toBe('initial');
    expect(paymentKindOf('renew payment')).toBe('renew');
    expect(paymentKindOf('dependent payment')).toBe('dependent');
    expect(paymentKindOf('refund')).toBeNull();
  });
});
