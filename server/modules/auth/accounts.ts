/**
 * The two kinds of account a session can stand for (admin_accounts, members), read and shaped
 * for the wire. No presenter here ever copies a password hash or a token.
 */
import { eq, sql } from 'drizzle-orm';
import {
  isWithinValidity,
  type TAdminAccount,
  type TAdminUser,
  type TMemberUser,
} from '../../../domain/contracts/auth';
import type { TStoredSessionKind } from '../../db/schema';
import { toCalendarDate } from '../../../domain/dates';
import type { TDbOrTx } from '../../db/client';
import {
  adminAccounts,
  members,
  type TAdminAccountRow,
  type TFamilyMemberRow,
  type THouseholdAccountRow,
  type TMemberRow,
} from '../../db/schema';
import { roleOf, type TPrincipal } from '../../lib/auth';
import { fullName } from '../../../domain/display';

export type TSubjectRefusal = 'inactive' | 'temp-admin-not-valid';
export type TSessionSubject = Omit<TPrincipal, 'sessionId'>;
/** An admin account as sign-in and the presenters need it: all but its timestamps. */
export type TAdminSignIn = Omit<TAdminAccountRow, 'createdAt' | 'updatedAt'>;

export async function findAdminByEmail(
  db: TDbOrTx,
  email: string,
): Promise<TAdminAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(adminAccounts)
    .where(eq(sql`lower(${adminAccounts.email})`, email.toLowerCase()));
  return row;
}

export async function findMemberByEmail(
  db: TDbOrTx,
  email: string,
): Promise<TMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.toLowerCase()));
  return row;
}

export async function findAdminById(
  db: TDbOrTx,
  id: number,
): Promise<TAdminAccountRow | undefined> {
  const [row] = await db.select().from(adminAccounts).where(eq(adminAccounts.id, id));
  return row;
}

export async function findMemberById(db: TDbOrTx, id: number): Promise<TMemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

/** What an admin session's checks and principal read of its account. */
export type TAdminSubjectRow = Omit<TAdminSignIn, 'passwordHash'>;
type TMemberSubjectRow = Pick<TMemberRow, 'id' | 'email' | 'firstName' | 'lastName'>;
type THouseholdSubjectRow = Pick<
  THouseholdAccountRow,
  'id' | 'memberId' | 'email' | 'mayEditFamily' | 'mayBuyTickets'
>;

/**
 * Why an admin account may not work today, or null when it may. A temporary admin's window is
 * made of calendar dates in the association's time zone.
 */
export function adminRefusal(
  account: TAdminSubjectRow,
  now: Date,
  timeZone: string,
): TSubjectRefusal | null {
  if (!account.isActive) return 'inactive';
  if (roleOf(account.kind, account.isStaff) === 'tempadmin') {
    if (!isWithinValidity(account, toCalendarDate(now, timeZone))) return 'temp-admin-not-valid';
  }
  return null;
}

export function adminSubject(account: TAdminSubjectRow): TSessionSubject {
  return {
    kind: account.kind,
    role: roleOf(account.kind, account.isStaff),
    subjectId: account.id,
    email: account.email,
    name: fullName(account.firstName, account.lastName),
    isStaff: account.isStaff,
  };
}

export function memberSubject(member: TMemberSubjectRow): TSessionSubject {
  return {
    kind: 'mem',
    role: 'member',
    subjectId: member.id,
    email: member.email,
    name: fullName(member.firstName, member.lastName),
    isStaff: false,
  };
}

/**
 * A household adult acts as the family's member (subjectId = the family's member id) under their
 * own name and e-mail, with the rights the main member gave them.
 */
export function householdSubject(
  account: THouseholdSubjectRow,
  person: Pick<TFamilyMemberRow, 'firstName' | 'lastName'>,
): TSessionSubject {
  return {
    kind: 'mem',
    role: 'member',
    subjectId: account.memberId,
    email: account.email,
    name: fullName(person.firstName, person.lastName),
    isStaff: false,
    household: {
      accountId: account.id,
      mayEditFamily: account.mayEditFamily,
      mayBuyTickets: account.mayBuyTickets,
    },
  };
}

/** The accounts a session's lookup joins (server/modules/auth/sessions.ts); null where none. */
export interface TSessionSubjectRows {
  account: TAdminSubjectRow | null;
  member: TMemberSubjectRow | null;
  household: (THouseholdSubjectRow & { hasPassword: boolean }) | null;
  person: Pick<TFamilyMemberRow, 'firstName' | 'lastName'> | null;
}

/**
 * The account behind a session, as it is now, from its row (the session lookup joins it: one
 * query per request). A member keeps access while the row exists even when the membership has
 * lapsed: renewing it needs a signed-in member. A household adult keeps it while their account
 * exists and has a password (revoking deletes it).
 */
export function sessionSubjectOf(
  kind: TStoredSessionKind,
  rows: TSessionSubjectRows,
  at: { now: Date; timeZone: string },
): TSessionSubject | { refusal: TSubjectRefusal } {
  if (kind === 'mem') return rows.member ? memberSubject(rows.member) : { refusal: 'inactive' };
  if (kind === 'hh') {
    const { household, person } = rows;
    if (!household?.hasPassword || !person || !rows.member) return { refusal: 'inactive' };
    return householdSubject(household, person);
  }
  const { account } = rows;
  // A kind changed under a live session would carry the old rights: such sessions are revoked
  // on the change, and this check covers any written by hand.
  if (!account || account.kind !== kind) return { refusal: 'inactive' };
  const refusal = adminRefusal(account, at.now, at.timeZone);
  return refusal ? { refusal } : adminSubject(account);
}

export function presentAdminUser(account: TAdminSignIn): TAdminUser {
  return {
    id: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    kind: account.kind,
    role: roleOf(account.kind, account.isStaff),
    is_staff: account.isStaff,
    validityFrom: account.validityFrom,
    validityTo: account.validityTo,
  };
}

export function presentMemberUser(member: TMemberRow): TMemberUser {
  return {
    id: member.id,
    MemberId: member.id,
    FamilyPlanId: member.familyPlanId,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    kind: 'mem',
    role: 'member',
  };
}

export function presentAdminAccount(account: TAdminAccountRow): TAdminAccount {
  return {
    id: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    kind: account.kind,
    is_staff: account.isStaff,
    validityFrom: account.validityFrom,
    validityTo: account.validityTo,
    is_active: account.isActive,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}
