/**
 * Reading household sign-ins (the other adults of a family, DESIGN §3c): by e-mail for sign-in
 * and password reset, by id for the session's own account, and shaped for the wire.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TMemberUser } from '../../../domain/contracts/auth';
import type { TDbOrTx } from '../../db/client';
import {
  familyMembers,
  householdAccounts,
  members,
  type TFamilyMemberRow,
  type THouseholdAccountRow,
  type TMemberRow,
} from '../../db/schema';

export interface THouseholdLogin {
  account: THouseholdAccountRow & { passwordHash: string };
  person: TFamilyMemberRow;
  member: TMemberRow;
}

function hasPassword(
  row: { account: THouseholdAccountRow; person: TFamilyMemberRow; member: TMemberRow } | undefined,
): THouseholdLogin | undefined {
  if (!row?.account.passwordHash) return undefined;
  return row as THouseholdLogin;
}

function loginQuery(db: TDbOrTx) {
  return db
    .select({ account: householdAccounts, person: familyMembers, member: members })
    .from(householdAccounts)
    .innerJoin(familyMembers, eq(familyMembers.id, householdAccounts.familyMemberId))
    .innerJoin(members, eq(members.id, householdAccounts.memberId));
}

/** An accepted household sign-in by its e-mail, in any letter case. */
export async function findHouseholdLoginByEmail(
  db: TDbOrTx,
  email: string,
): Promise<THouseholdLogin | undefined> {
  const [row] = await loginQuery(db).where(
    and(
      eq(sql`lower(${householdAccounts.email})`, email.toLowerCase()),
      isNotNull(householdAccounts.passwordHash),
    ),
  );
  return hasPassword(row);
}

export async function findHouseholdLoginById(
  db: TDbOrTx,
  accountId: number,
): Promise<THouseholdLogin | undefined> {
  const [row] = await loginQuery(db).where(eq(householdAccounts.id, accountId));
  return hasPassword(row);
}

/** Whether a household sign-in (accepted or only invited) holds the e-mail. */
export async function householdHoldsEmail(
  db: TDbOrTx,
  email: string,
  exceptFamilyMemberId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: householdAccounts.id, familyMemberId: householdAccounts.familyMemberId })
    .from(householdAccounts)
    .where(eq(sql`lower(${householdAccounts.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined && row.familyMemberId !== exceptFamilyMemberId;
}

/** The signed-in adult as the browser sees them: the family's ids, their own name and e-mail. */
export function presentHouseholdUser(login: THouseholdLogin): TMemberUser {
  const { account, person, member } = login;
  return {
    id: member.id,
    MemberId: member.id,
    FamilyPlanId: member.familyPlanId,
    email: account.email,
    firstName: person.firstName,
    lastName: person.lastName,
    kind: 'mem',
    role: 'member',
    household: {
      accountId: account.id,
      mayEditFamily: account.mayEditFamily,
      mayBuyTickets: account.mayBuyTickets,
      mailOptIn: account.mailOptIn,
    },
  };
}
