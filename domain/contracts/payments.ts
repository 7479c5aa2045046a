/**
 * The wire contract of payments (DESIGN §3b, §4; spec 01 §3): checkout, the mock provider's page,
 * the success screens' record calls and the payment history. Money is a decimal string of dollars
 * (`ZMoney`, "154.50"); instants are ISO 8601 UTC strings; calendar days are 'YYYY-MM-DD'.
 *
 * The server prices every purchase from the database: an `amount` or `price` sent by the browser
 * is ignored (checkout) or only echoed back from the stored row (record calls).
 */
import { z } from 'zod';
import { MAX_DB_INT, ZId, ZLine, ZWhole } from './fields';
import {
  ANONYMOUS_LIMITS,
  CHECKOUT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  TABLE_FOR_TEN_SEATS,
} from '../constants';
import { ZEmail } from './auth';
import { ZMoney } from './events';

export { ZMoney };

/**
 * One checkout buys at most this many tickets: a form typo must not hold a whole hall, and one
 * buyer e-mail holds at most this many unpaid seats (ANONYMOUS_LIMITS); larger groups take a table.
 */
export const MAX_TICKETS_PER_CHECKOUT = ANONYMOUS_LIMITS.unpaidHolds.seatsPerEmail;

/** 429 when a buyer's unpaid checkouts already hold as much as one buyer may (ANONYMOUS_LIMITS). */
export const UNPAID_HOLDS_LIMIT_MESSAGE =
  'Your checkouts not yet paid already hold as many seats as one buyer may. Please pay for or cancel them, or wait until they lapse.';
/** 429 when too many checkouts were started from one client or for one e-mail. */
export const CHECKOUT_STARTS_LIMIT_MESSAGE =
  'Too many checkouts were started. Please wait and try again later.';

export const PAYMENT_NOT_CONFIRMED_MESSAGE = 'This payment is not confirmed.';
/** A record call naming no payment of its kind (made up, mistyped or another screen's). */
export const PAYMENT_UNKNOWN_MESSAGE = 'No payment has this transaction ID.';
/** Appended to the reason when money taken before confirmation was given back (Stripe). */
export const PAYMENT_REFUNDED_NOTE = 'Your payment is refunded.';
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const CHECKOUT_EXPIRED_MESSAGE =
  'This checkout has expired and holds no seats any more. Please start again.';
/** A payment's transaction id as a path or a record call names it. */
export const ZTransactionId = ZLine().min(1).max(100);

export const MOCK_TEST_CARDS = {
  pays: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
} as const;

/**
 * What a record call's 402 says about the payment (DESIGN §4.4 answers pending and unknown alike
 * with 402, so the message tells them apart): 'pending' is the bare sentence (the provider may
 * still confirm: ask again), 'unknown' names no payment, 'refunded' was charged and given back,
 * 'closed' will never be confirmed (declined, cancelled, expired) and nothing was charged.
 */
export function notConfirmedStateOf(
  message: string,
): 'pending' | 'unknown' | 'refunded' | 'closed' {
  const text = message.trim();
  if (text === PAYMENT_NOT_CONFIRMED_MESSAGE) return 'pending';
  if (text === PAYMENT_UNKNOWN_MESSAGE) return 'unknown';
  return text.endsWith(PAYMENT_REFUNDED_NOTE) ? 'refunded' : 'closed';
}

const ZTicketCount = ZWhole(1, MAX_TICKETS_PER_CHECKOUT, {
  int: 'Whole tickets only.',
  min: 'At least 1 ticket.',
  max: `At most ${MAX_TICKETS_PER_CHECKOUT} tickets at a time.`,
});
const ZName = (label: string) =>
  ZLine().min(1, `${label} is required`).max(100, `${label} is at most 100 characters`);

/** A phone as typed; the server keeps its digits only (10 to 15 of them). */
export const ZContactPhone = ZLine()
  .max(30)
  .refine((text) => /^[0-9()+\-.\s]*$/.test(text), 'Invalid Format')
  .transform((text) => text.replace(/\D/g, ''))
  .refine((digits) => digits.length >= 10 && digits.length <= 15, 'Invalid Format');

export const ZBuyer = z.object({
  fname: ZName('First name'),
  lname: ZLine().max(100).default(''),
  email: ZEmail,
  contact: ZContactPhone,
});
export type TBuyer = z.infer<typeof ZBuyer>;

// ---- checkout: POST /api/checkout ------------------------------------------------------------

export const ZNonMemberTicketCheckout = z.object({
  kind: z.literal('nonmember-ticket'),
  eventid: ZId,
  ticket: ZTicketCount,
  buyer: ZBuyer,
  /** A waiting-list offer's token: checkout may use the seats it holds for this buyer. */
  offer: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This offer is not valid.')
    .optional(),
});
export type TNonMemberTicketCheckout = z.infer<typeof ZNonMemberTicketCheckout>;

const ZSeatCount = ZWhole(0, TABLE_FOR_TEN_SEATS);

export const ZTableCheckout = z
  .object({
    kind: z.literal('table-for-10'),
    eventid: ZId,
    buyer: ZBuyer,
    member_adult: ZSeatCount,
    member_kids5: ZSeatCount,
    member_kids613: ZSeatCount,
  })
  .refine((t) => t.member_adult + t.member_kids5 + t.member_kids613 === TABLE_FOR_TEN_SEATS, {
    path: ['member_adult'],
    message: 'Adults and kids must add up to the 10 seats of the table.',
  });
export type TTableCheckout = z.infer<typeof ZTableCheckout>;

export const ZMemberTicketCheckout = z.object({
  kind: z.literal('member-ticket'),
  eventid: ZId,
  memberid: ZId,
  ticket: ZTicketCount,
});
export type TMemberTicketCheckout = z.infer<typeof ZMemberTicketCheckout>;

export const ZCheckoutKind = z.enum(CHECKOUT_KINDS);

export const ZCheckoutAnswer = z.object({
  transactionID: z.string(),
  /** What the buyer will pay, computed by the server. */
  amount: ZMoney,
  /** Where the browser goes to pay: '#/checkout/mock/<transactionID>' or a Stripe Checkout URL. */
  checkoutUrl: z.string(),
  /**
   * Registration only: a one-time secret the browser that started the checkout keeps (session
   * storage) and exchanges once, after the payment is confirmed, for the new member's session
   * (spec 01 §4: registration signs in without typing the password again).
   */
  signInSecret: z.string().optional(),
});
export type TCheckoutAnswer = z.infer<typeof ZCheckoutAnswer>;

/** POST /api/checkout/registration/session: the registration's transaction and its secret. */
export const ZRegistrationSignInRequest = z.object({
  transactionID: z.string().trim().min(1).max(100),
  secret: z.string().min(1).max(100),
});
export type TRegistrationSignInRequest = z.infer<typeof ZRegistrationSignInRequest>;

/**
 * The success screens (DESIGN §3d) and the query parameters the server puts in `successUrl`,
 * in the spec's names. Amounts are decimal strings, `eventDate` a calendar day.
 */
export const SUCCESS_SCREENS = {
  nonmember: {
    path: '/success/nonmember',
    params: ['email', 'transaction_id', 'eventid', 'nonmemberid', 'eventDate'],
  },
  table: {
    path: '/success/table',
    params: [
      'email',
      'eventDate',
      'eventid',
      'transaction_id',
      'amount',
      'contact',
      'fname',
      'lname',
      'member_adult',
      'member_kids5',
      'member_kids613',
    ],
  },
  memberTicket: {
    path: '/success/member-ticket',
    params: ['email', 'eventDate', 'transaction_id', 'eventid', 'amount', 'memberid', 'ticket'],
  },
  renewal: {
    path: '/success/renewal',
    params: ['email', 'membershipplan', 'dependent', 'transaction_id', 'amount', 'member_id'],
  },
  registration: {
    path: '/success/registration',
    params: ['email', 'membershipplan', 'dependent', 'transaction_id', 'amount'],
  },
} as const;

// ---- the mock provider's page ---------------------------------------------------------------

export const ZTransactionParams = z.object({ transactionID: ZTransactionId });

export const ZMockCheckout = z.object({
  transactionID: z.string(),
  kind: ZCheckoutKind,
  status: z.enum(PAYMENT_STATUSES),
  /** What is bought, in one line, e.g. "3 x Gala Event Non Member Tickets: Diwali Gala 2026". */
  summary: z.string(),
  productName: z.string(),
  amount: ZMoney,
  email: z.string(),
  eventName: z.string().nullable(),
  eventDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Back to where the buyer came from, e.g. '#/viewevent/12'. */
  cancelUrl: z.string(),
  /** The success screen, once the payment is confirmed. */
  successUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type TMockCheckout = z.infer<typeof ZMockCheckout>;

export const ZMockCardPayment = z.object({
  cardNumber: ZLine().max(30),
  /** 'MM/YY', not in the past. */
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use the form MM/YY.'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Three or four digits.'),
});
export type TMockCardPayment = z.infer<typeof ZMockCardPayment>;

export const ZMockConfirmAnswer = z.object({
  status: z.enum(PAYMENT_STATUSES),
  /** The success screen with the spec's parameters, e.g. '#/success/nonmember?email=...'. */
  successUrl: z.string(),
});
export type TMockConfirmAnswer = z.infer<typeof ZMockConfirmAnswer>;

export const ZMockCancelAnswer = z.object({
  status: z.enum(PAYMENT_STATUSES),
  cancelUrl: z.string(),
});

// ---- stored payments, as the record and read calls answer them -------------------------------

/**
 * A payment as stored. The names are the spec's: `dependent` is the ticket count (10 for a
 * table), `description` is "payment" for non-member tickets and tables, the event id for member
 * tickets, "initial payment" / "renew payment" / "dependent payment" for memberships.
 */
export const ZPaymentRecord = z.object({
  id: z.number().int(),
  transactionID: z.string(),
  kind: ZCheckoutKind,
  status: z.enum(PAYMENT_STATUSES),
  email: z.string(),
  productName: z.string(),
  description: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  /** The amount paid, from the stored row. */
  price: ZMoney,
  dependent: z.number().int(),
  memberName: z.string().nullable(),
  contact: z.string().nullable(),
  notes: z.string().nullable(),
  memberid: z.number().int().nullable(),
  nonmemberid: z.number().int().nullable(),
  eventid: z.number().int().nullable(),
  eventName: z.string().nullable(),
  eventDate: z.string().nullable(),
  planId: z.number().int().nullable(),
  /** The code shown at the door, once a ticket purchase is confirmed. */
  ticketCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Declined card attempts before the outcome (each is also in the audit log). */
  failedAttempts: z.number().int(),
  last_failed_at: z.string().nullable(),
  /** Money given back so far (refund records add up), "0.00" when none. */
  refunded: ZMoney,
  /** 'card' online, or 'cash' / 'cheque' recorded by staff (offline payments, issue 15). */
  method: z.enum(PAYMENT_METHODS),
  /** A cheque's number; null for card and cash. */
  chequeNumber: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  recorded_at: z.string().nullable(),
});
export type TPaymentRecord = z.infer<typeof ZPaymentRecord>;

/**
 * The bodies of the record calls carry the spec's whole payload (email, status, price, ...), but
 * only `transactionID` (and the member id where named) is read: every other value comes from the
 * stored, provider-confirmed payment.
 */
const ZRecordBody = z.looseObject({ transactionID: ZTransactionId });
export const ZRecordNonMemberPayment = ZRecordBody;
export const ZRecordTablePayment = ZRecordBody;
export const ZRecordMemberTicket = ZRecordBody;
/** `POST /api/payment`: a registration ("initial payment") or renewal ("renew payment"). */
export const ZRecordMembershipPayment = ZRecordBody;
export const ZRecordDependentPayment = z.looseObject({
  transactionID: ZTransactionId,
  member_id: ZId,
});
/** `PUT /api/nonmember/memberrenew/:id` and `PUT /api/memberPaymentLimited/:id` (id = member id). */
export const ZMemberPaymentBody = z.looseObject({ transactionID: ZTransactionId });
export const ZMemberIdParams = z.object({ id: ZId });
export const ZTransactionIdParams = z.object({ id: ZTransactionId });

export const ZMembershipUpdated = z.object({
  message: z.literal('MemberShip Updated'),
  payment: ZPaymentRecord,
});

// ---- payment history -------------------------------------------------------------------------

export const ZPaymentHistoryItem = ZPaymentRecord.extend({
  /** The member the payment belongs to, when there is one (spec's report shape). */
  memberID: z
    .object({
      MemberId: z.number().int(),
      MemberFirstName: z.string(),
      MemberLastName: z.string(),
      FamilyPlanId: z.string().nullable(),
    })
    .nullable(),
});
export type TPaymentHistoryItem = z.infer<typeof ZPaymentHistoryItem>;

/** `page` is 1-based (the spec sends the page index plus 1). */
export const ZPaymentHistoryQuery = z.object({
  /** One member's payments (staff any member, a member only their own); absent for the scope. */
  memberid: ZId.optional(),
  page: ZWhole(1, MAX_DB_INT).default(1),
  page_size: ZWhole(1, 100).default(10),
});

export const ZPaymentHistoryPage = z.object({
  items: z.array(ZPaymentHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TPaymentHistoryPage = z.infer<typeof ZPaymentHistoryPage>;

// ---- ticket limits ---------------------------------------------------------------------------

export const ZMaxTicketParams = z.object({
  id: ZId,
  memberid: ZId,
  date: ZLine().max(30).optional(),
});

export const ZMaxTicket = z.object({
  eventid: z.number().int(),
  memberid: z.number().int(),
  /** Family headcount: the member, the spouse and the dependents. */
  headcount: z.number().int(),
  /** Tickets of this family for the event, confirmed or held by an open checkout. */
  held: z.number().int(),
  seatsLeft: z.number().int(),
  /** How many more member tickets the family can buy now: min(headcount - held, seatsLeft). */
  maxticket: z.number().int(),
});
export type TMaxTicket = z.infer<typeof ZMaxTicket>;

export const ZTableCheckEmailParams = z.object({ email: ZEmail });
/** Without `eventid`: the current event (the first one dated today in TIME_ZONE). */
export const ZTableCheckEmailQuery = z.object({ eventid: ZId.optional() });
export const ZTableCheckEmail = z.object({
  email: z.string(),
  eventid: z.number().int(),
  /** Tables this e-mail has paid for at the event. */
  tables: z.number().int(),
  exists: z.boolean(),
});
export type TTableCheckEmail = z.infer<typeof ZTableCheckEmail>;

// ---- a non-member buyer (staff) --------------------------------------------------------------

export const ZNonMemberBuyer = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  contact: z.string(),
  created_at: z.string(),
  payments: z.array(ZPaymentRecord),
});
export type TNonMemberBuyer = z.infer<typeof ZNonMemberBuyer>;
