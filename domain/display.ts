import { TABLE_FOR_TEN_SEATS, type TPaymentMethod } from './constants';

/** Product names stored on ticket payments; the prefix is the association's configured event prefix. */
export function ticketProductNames(eventPrefix: string) {
  return {
    member: `${eventPrefix} Event Members Ticket`,
    nonMember: `${eventPrefix} Event Non Member Tickets`,
    table: `${eventPrefix} Event TableFor10 Tickets`,
  };
}

/** Reports show a ticket product as "Table For 10", "Member" or "Non Member" (spec 01 §3). */
export function ticketKindLabel(productName: string): string {
  if (productName.endsWith('Event TableFor10 Tickets')) return 'Table For 10';
  if (productName.endsWith('Event Members Ticket')) return 'Member';
  if (productName.endsWith('Event Non Member Tickets')) return 'Non Member';
  return productName;
}

export type TTicketKind = 'table' | 'member' | 'nonMember';

/** Which ticket a stored product name is, for a label in the reader's language; null if none. */
export function ticketKindOf(productName: string): TTicketKind | null {
  if (productName.endsWith('Event TableFor10 Tickets')) return 'table';
  if (productName.endsWith('Event Members Ticket')) return 'member';
  if (productName.endsWith('Event Non Member Tickets')) return 'nonMember';
  return null;
}

/** A table for ten always counts as 10 tickets in reports. */
export function ticketCount(productName: string, dependent: number): number {
  return productName.endsWith('Event TableFor10 Tickets') ? TABLE_FOR_TEN_SEATS : dependent;
}

const DESCRIPTION_LABELS: Record<string, string> = {
  'initial payment': 'New Member Register',
  'renew payment': 'Member Renewed',
  'dependent payment': 'Dependent Added',
};

export type TPaymentKind = 'initial' | 'renew' | 'dependent';

const DESCRIPTION_KINDS: Record<string, TPaymentKind> = {
  'initial payment': 'initial',
  'renew payment': 'renew',
  'dependent payment': 'dependent',
};

/** Which membership payment a stored description is, for a label in the reader's language. */
export function paymentKindOf(description: string): TPaymentKind | null {
  return DESCRIPTION_KINDS[description] ?? null;
}

export function paymentDescriptionLabel(description: string): string {
  return DESCRIPTION_LABELS[description] ?? description;
}

const METHOD_LABELS: Record<TPaymentMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
};

/** How a payment was made, as the report spreadsheets show it: "Card", "Cash" or "Cheque 1234". */
export function paymentMethodLabel(method: TPaymentMethod, chequeNumber: string | null): string {
  const label = METHOD_LABELS[method];
  return method === 'cheque' && chequeNumber ? `${label} ${chequeNumber}` : label;
}

/** The notes text a table-for-ten record stores. */
export function tableForTenNotes(adults: number, kidsUnder5: number, kids6to13: number): string {
  return `Adult ${adults} ticket(s), Kids (Under 5 years): ${kidsUnder5} ticket(s), Kids (6 to 13 years): ${kids6to13} ticket(s)`;
}

/** Address on two lines: the street, then "city, state, zipcode"; without a street only the second line. */
export function addressLines(address: {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
}): string[] {
  const second = [address.city, address.state, address.zipcode]
    .filter((part) => part && part.trim())
    .join(', ');
  return [address.street?.trim(), second].filter((line): line is string => Boolean(line));
}

/** FamilyPlanId: the plan prefix and a 4-digit sequence per prefix, e.g. GM0042. */
export function familyPlanId(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}

export function fullName(first?: string | null, last?: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}
