/** Business constants named by the specification; the stored values are the association's own words. */

export const PAYMENT_STATUS_DONE = 'payment done';
export const PAYMENT_STATUSES = [
  'pending',
  PAYMENT_STATUS_DONE,
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TYPES = ['Member', 'Event', 'Donation'] as const;
export type TPaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_DESCRIPTIONS = {
  ticket: 'payment',
  registration: 'initial payment',
  renewal: 'renew payment',
  dependents: 'dependent payment',
  donation: 'donation',
} as const;

export const CHECKOUT_KINDS = [
  'registration',
  'renewal',
  'dependents',
  'member-ticket',
  'nonmember-ticket',
  'table-for-10',
  'donation',
] as const;
export type TCheckoutKind = (typeof CHECKOUT_KINDS)[number];

/** How money handed to staff was paid (issue 15: offline payments); a cheque carries its number. */
export const OFFLINE_METHODS = ['cash', 'cheque'] as const;
export type TOfflineMethod = (typeof OFFLINE_METHODS)[number];
/** How a payment was made, as reports and histories show it: online by card, or offline. */
export const PAYMENT_METHODS = ['card', ...OFFLINE_METHODS] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

export const BOARD_TYPES = ['Excecutive Member', 'Trustee', 'Temp Admin'] as const;
export type TBoardType = (typeof BOARD_TYPES)[number];

export const LEADERSHIP_ROLES = [
  'President',
  'Vice President',
  'Secretary',
  'Joint Secretary',
  'Treasurer',
  'Joint Treasurer',
  'Executive Committee',
] as const;

export const SESSION_KINDS = ['ga', 'su', 'mem'] as const;
export type TSessionKind = (typeof SESSION_KINDS)[number];

export const FAMILY_RELATIONS = ['spouse', 'dependent'] as const;
export const MAX_DEPENDENTS = 6;
export const MIN_DEPENDENTS = 1;
/** The name a family slot goes by in `PUT /deletememberfamily/:id` (spec 02 §7.2). */
export const FAMILY_SLOT_NAMES = [
  'spouse',
  'dep1',
  'dep2',
  'dep3',
  'dep4',
  'dep5',
  'dep6',
] as const;

export const MAGAZINE_PLAN_PREFIX = 'DA';
export const VALIDITY_TYPES = ['Limited', 'Unlimited'] as const;
export type TValidityType = (typeof VALIDITY_TYPES)[number];

export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export const TABLE_FOR_TEN_SEATS = 10;

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
  { code: 'es', label: 'Español' },
  { code: 'ja', label: '日本語' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
] as const;
export type TLanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [
  TLanguageCode,
  ...TLanguageCode[],
];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const BOARD_PAGE_SIZES = [3, 5, 10, 15, 50, 100] as const;

export const CHECKOUT_TTL_MINUTES = 30;

/**
 * What one client may do without an account (issue 8: nobody may make an event look sold out
 * for free). A client is a signed-in member's account, else the caller's address; staff are
 * accountable and sell at the door, so only look-ups limit them.
 *
 * - Checkout starts: 10 per client and 5 per buyer e-mail in 15 minutes. Joining, a table and
 *   a retry after Cancel take 1-3; 10 leaves room for a household behind one address.
 * - Unpaid holds: 20 seats and 5 open checkouts per client, 10 seats and 3 open checkouts per
 *   e-mail. A table for 10 (or 10 tickets, the most one checkout sells) fits one e-mail; two
 *   buyers behind one address still fit together. Paid seats never count.
 * - Look-ups that answer whether an e-mail is known: 60 a minute per client, far above typing
 *   (one per pause) and far below the ~560/s an enumeration ran at.
 */
export const ANONYMOUS_LIMITS = {
  checkoutStarts: { perClient: 10, perEmail: 5, windowMinutes: 15 },
  unpaidHolds: {
    seatsPerClient: 20,
    seatsPerEmail: 10,
    checkoutsPerClient: 5,
    checkoutsPerEmail: 3,
  },
  lookups: { perClient: 60, windowMinutes: 1 },
  contactMessages: { perClient: 5, perEmail: 5, windowMinutes: 15 },
  waitlistJoins: { perClient: 5, perEmail: 3, windowMinutes: 60 },
} as const;
/** A waiting-list entry from joining to its end (issue 9). */
export const WAITLIST_STATUSES = [
  'pending',
  'waiting',
  'offered',
  'purchased',
  'expired',
  'removed',
] as const;
export type TWaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const CONTACT_LIMITS = { name: 100, email: 100, message: 5000 } as const;
export const MAIL_LIMITS = { attachments: 3, bytesPerFile: 10 * 1024 * 1024 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const DEMO_PASSWORD = 'samaj-demo';
