/**
 * Whether an e-mail is taken for a new membership (DESIGN §3d): by a member or another adult's
 * household sign-in, in any letter case, or by a registration checkout that has not expired yet
 * (it holds the e-mail for 30 minutes). No two sign-ins ever share an e-mail.
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { members, payments } from '../../db/schema';
import { householdHoldsEmail } from '../household/household-accounts';

/** Who holds an e-mail for joining: a member, or an open registration checkout until it lapses. */
export type TEmailHolder = { by: 'member' } | { by: 'checkout'; until: Date };

export async function isEmailTaken(
  db: TDbOrTx,
  email: string,
  now: Date,
  options: { exceptMemberId?: number; exceptPaymentId?: number } = {},
): Promise<boolean> {
  return (await emailHolder(db, email, now, options)) !== null;
}

export async function emailHolder(
  db: TDbOrTx,
  email: string,
  now: Date,
  options: { exceptMemberId?: number; exceptPaymentId?: number; ignoreHousehold?: boolean } = {},
): Promise<TEmailHolder | null> {
  const lower = email.trim().toLowerCase();
  const memberConditions = [sql`lower(${members.email}) = ${lower}`];
  if (options.exceptMemberId !== undefined)
    memberConditions.push(ne(members.id, options.exceptMemberId));
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(...memberConditions))
    .limit(1);
  if (member) return { by: 'member' };
  // A household sign-in signs in like a member: it holds its e-mail the same way
  if (!options.ignoreHousehold && (await householdHoldsEmail(db, lower))) return { by: 'member' };

  const paymentConditions = [
    eq(payments.kind, 'registration'),
    eq(payments.status, 'pending'),
    gt(payments.expiresAt, now),
    sql`lower(${payments.details} -> 'member' ->> 'email') = ${lower}`,
  ];
  if (options.exceptPaymentId !== undefined)
    paymentConditions.push(ne(payments.id, options.exceptPaymentId));
  const [pending] = await db
    .select({ expiresAt: payments.expiresAt })
    .from(payments)
    .where(and(...paymentConditions))
    .orderBy(desc(payments.expiresAt))
    .limit(1);
  return pending?.expiresAt ? { by: 'checkout', until: pending.expiresAt } : null;
}
