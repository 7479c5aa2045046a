/**
 * What a checkout kind is (DESIGN §3b, §4). Every kind of purchase, ticket or membership, plugs
 * into checkout, confirmation, receipts and the success screens through this one interface; a
 * new kind is a file defining one and a line in ./index.ts.
 */
import type { TTransactionEnding } from '../../../db/commit-behind';
import type { z } from 'zod';
import type { TCheckoutKind } from '../../../../domain/constants';
import type { TConfig } from '../../../config';
import type { TDbOrTx, TTx } from '../../../db/client';
import type { TNewNonMemberBuyerRow, TNewPaymentRow, TPaymentRow } from '../../../db/schema';
import type { TPrincipal } from '../../../lib/auth';

/** A payment as its checkout writes it, for its kind's `admit`: what is known before the write. */
export type TAdmission = Pick<
  TPaymentRow,
  'transactionId' | 'eventId' | 'memberId' | 'dependent' | 'details'
>;

/** What a kind's functions may use besides the transaction. */
export interface TKindContext {
  config: TConfig;
  /** The injected clock's time at the start of the operation. */
  now: Date;
  /** The caller, or null for an anonymous buyer; null too when a provider's webhook confirms. */
  principal: TPrincipal | null;
}

/**
 * Who may buy the kind (DESIGN §3c):
 * - 'anyone': anonymous callers, members and staff (non-member tickets, tables for 10);
 * - 'anonymous': only callers who are not signed in (registration: joining);
 * - 'family': a member for their own family, staff for any member (`memberIdOf` names it).
 * Anyone holding the transaction id may read a payment of an 'anyone' or 'anonymous' kind; the
 * others only the member it belongs to and staff.
 */
export type TBuyers = 'anyone' | 'anonymous' | 'family';

/** What a fulfilment issued that the receipt shows. */
export interface TFulfilment {
  doorCode: string;
}

/** The payment row's business fields, decided by `price` from the database, never the browser. */
export type TPricedPurchase = Pick<
  TNewPaymentRow,
  | 'email'
  | 'productName'
  | 'description'
  | 'paymentType'
  | 'dependent'
  | 'amountCents'
  | 'serviceCents'
  | 'memberId'
  | 'nonMemberId'
  | 'eventId'
  | 'planId'
  | 'memberName'
  | 'contact'
  | 'notes'
  | 'eventDate'
  | 'details'
> & {
  /**
   * A buyer without a membership, stored with the payment, which names them as its non-member:
   * the statement that writes the payment writes them too (a round trip fewer per sale).
   */
  newBuyer?: TNewNonMemberBuyerRow;
};

export interface TCheckoutKindDef<TInput extends { kind: TCheckoutKind }> {
  kind: TInput['kind'];
  /** The body of `POST /api/checkout` for this kind, `kind` literal included. */
  body: z.ZodType<TInput>;
  buyers: TBuyers;
  /** For 'family' kinds: the member the purchase is for (checked against the caller). */
  memberIdOf?(input: TInput): number;
  /**
   * For 'family' kinds: a signed link's token in the body that stands in for the member's
   * sign-in for this one purchase (a renewal reminder's). Answers what the payment's details keep
   * of it, null when the body carries none; throws when the link is not good for this member.
   */
  linkAuthority?(db: TDbOrTx, input: TInput, now: Date): Promise<Record<string, unknown> | null>;
  /**
   * For 'anyone' and 'anonymous' kinds: the buyer's e-mail and the seats the checkout would hold
   * unpaid, counted against one buyer's limits (ANONYMOUS_LIMITS) before anything is written.
   */
  unpaidHold?(input: TInput): { email: string; seats: number; offerToken?: string };
  /**
   * For ticket kinds: the event whose free seats the checkout would take, so a sell-out this
   * process saw within the second answers it at once (../../events/sold-out-memo.ts); null when
   * a waiting-list offer holds the buyer's seats.
   */
  seatEventOf?(input: TInput): number | null;
  /**
   * Runs in the checkout's transaction: checks the purchase can be made (409 CONFLICT when seats
   * or an allowance do not suffice, 404 for an unknown event or plan), and answers the payment's
   * fields with the amount from the database, and a non-member buyer to store with it, if any.
   */
  price(tx: TTx, input: TInput, ctx: TKindContext): Promise<TPricedPurchase>;
  /**
   * Runs last in the checkout's transaction, with the payment and its audit entry written: takes
   * a lock every other buyer waits for and checks under it (a ticket's event row,
   * `admitUnderLock` in ../../events/seats.ts), so the lock is held only for this check and the
   * commit. Throws (409 CONFLICT) to roll the checkout back.
   *
   * Asked for right behind the payment's write, before its answer (on PostgreSQL its first
   * statement rides behind the write, ../../../db/postgres-statements.ts): `payment` is what is
   * being written, known by its transaction id, which is how a count leaves it out.
   *
   * With `endsTransaction` (a checkout) nothing follows it in the transaction: an admission whose
   * last statement refuses in SQL may have the COMMIT ride behind it (db/commit-behind.ts).
   */
  admit?(
    tx: TTx,
    payment: TAdmission,
    ctx: TKindContext,
    ending?: TTransactionEnding,
  ): Promise<void>;
  /**
   * Runs in the confirming transaction with the payment row locked, before it is marked paid:
   * a sentence for the buyer when the purchase no longer fits (seats sold meanwhile), else null.
   */
  recheck?(tx: TTx, payment: TPaymentRow, ctx: TKindContext): Promise<string | null>;
  /**
   * Runs last in the confirming transaction, right after the payment is marked paid: like
   * `recheck`, but for checks under a lock every other buyer waits for (a ticket's event row,
   * which marking it paid took, with its seats checked: `markPaid`), held only for this check and
   * the commit. A sentence rolls the whole confirmation back and it is refused.
   */
  guard?(tx: TTx, payment: TPaymentRow, ctx: TKindContext): Promise<string | null>;
  /**
   * Runs in the confirming transaction after the payment is marked paid: issue what was bought.
   * A ticket's answers its door code, which the receipt carries.
   */
  fulfil(tx: TTx, payment: TPaymentRow, ctx: TKindContext): Promise<TFulfilment | void>;
  /**
   * Runs in the refunding transaction when a refund completes the payment (it is now 'refunded'):
   * gives back what `fulfil` issued beyond what the status already frees (tickets and seats follow
   * the status; paid-for dependent slots do not). Absent: nothing to give back.
   */
  release?(tx: TTx, payment: TPaymentRow, ctx: TKindContext): Promise<void>;
  /** One line of what was bought, for the mock page, the receipt and the provider's checkout. */
  describe(db: TDbOrTx, payment: TPaymentRow): Promise<string>;
  /** The success screen's route with the spec's parameters, e.g. '/success/nonmember?email=...'. */
  successPath(payment: TPaymentRow): string;
  /** Where "Cancel" on the checkout page leads back to, e.g. '/viewevent/12'. */
  cancelPath(payment: TPaymentRow): string;
}

/** A kind as the registry holds it: its input type erased, re-parsed by `body` on every call. */
export interface TRegisteredKind extends Omit<
  TCheckoutKindDef<{ kind: TCheckoutKind }>,
  'price' | 'memberIdOf' | 'unpaidHold' | 'linkAuthority' | 'seatEventOf'
> {
  price(tx: TTx, input: unknown, ctx: TKindContext): Promise<TPricedPurchase>;
  memberIdOf?(input: unknown): number;
  unpaidHold?(input: unknown): { email: string; seats: number; offerToken?: string };
  seatEventOf?(input: unknown): number | null;
  linkAuthority?(db: TDbOrTx, input: unknown, now: Date): Promise<Record<string, unknown> | null>;
}

/** Wraps a kind for the registry; its functions only ever see input its own schema parsed. */
export function defineKind<TInput extends { kind: TCheckoutKind }>(
  def: TCheckoutKindDef<TInput>,
): TRegisteredKind {
  const { memberIdOf, unpaidHold, linkAuthority, seatEventOf } = def;
  return {
    ...def,
    price: (tx, input, ctx) => def.price(tx, def.body.parse(input), ctx),
    memberIdOf: memberIdOf ? (input) => memberIdOf(def.body.parse(input)) : undefined,
    unpaidHold: unpaidHold ? (input) => unpaidHold(def.body.parse(input)) : undefined,
    seatEventOf: seatEventOf ? (input) => seatEventOf(def.body.parse(input)) : undefined,
    linkAuthority: linkAuthority
      ? (db, input, now) => linkAuthority(db, def.body.parse(input), now)
      : undefined,
  };
}
