/**
 * Board members (spec 02 §2.3, §2.4): Executive Members and Trustees, usually promoted from a
 * member, and Temp Admins, who also get an admin account with staff status and the entry's
 * validity window (DESIGN §3c). The board entry and its account change together, in one
 * transaction: a new password or a type other than Temp Admin ends the account's sessions at
 * once, and a changed window applies on the next request (the session check reads the account).
 */
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  BOARD_EMAIL_TAKEN_MESSAGE,
  TEMP_ADMIN_PASSWORD_MESSAGE,
  type TBoardCandidate,
  type TBoardMember,
  type TBoardMemberForm,
  type TLeadershipOfficer,
} from '../../../domain/contracts/board';
import { imageUrlOrNull } from '../../../domain/images';
import type { TDbOrTx, TTx } from '../../db/client';
import { adminAccounts, boardMembers, members, type TBoardMemberRow } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { conflict, invalid, notFound } from '../../lib/errors';
import { assertEmailFree, EMAIL_TAKEN_MESSAGE } from '../auth/admin-accounts.service';
import { hashPassword } from '../auth/passwords';
import { revokeSessionsOf } from '../auth/sessions';
import { deleteImage, type TStoredImage } from '../images/image-store';
import { isUniqueViolation } from '../../lib/database-errors';
import { presentBoardMember, presentOfficer, type TBoardRowWithMember } from './board.presenter';

const MEMBER_NOT_FOUND_MESSAGE = 'The chosen member does not exist.';

const linkedMemberColumns = {
  id: members.id,
  contactPhone: members.contactPhone,
  memberImage: members.memberImage,
  validityFrom: members.validityFrom,
  validityTo: members.validityTo,
};

function selectBoardRows(db: TDbOrTx) {
  return db
    .select({ board: boardMembers, member: linkedMemberColumns })
    .from(boardMembers)
    .leftJoin(members, eq(members.id, boardMembers.memberId));
}

async function boardRowById(db: TDbOrTx, id: number): Promise<TBoardRowWithMember | undefined> {
  const [row] = await selectBoardRows(db).where(eq(boardMembers.id, id));
  return row;
}

export async function listBoardMembers(db: TDbOrTx): Promise<TBoardMember[]> {
  const rows = await selectBoardRows(db).orderBy(asc(boardMembers.id));
  return rows.map(presentBoardMember);
}

/** The Leadership page: every entry with a position, in that order (spec 01 §2 point 1). */
export async function listLeadership(db: TDbOrTx): Promise<TLeadershipOfficer[]> {
  const rows = await selectBoardRows(db)
    .where(isNotNull(boardMembers.leadershipOrder))
    .orderBy(asc(boardMembers.leadershipOrder), asc(boardMembers.id));
  return rows.map(presentOfficer);
}

/** The members the add screen can promote, by last name (spec 02 §3 member list item). */
export async function listBoardCandidates(db: TDbOrTx): Promise<TBoardCandidate[]> {
  const rows = await db
    .select()
    .from(members)
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id));
  return rows.map((member) => ({
    MemberId: member.id,
    MemberFirstName: member.firstName,
    MemberLastName: member.lastName,
    FamilyPlanId: member.familyPlanId,
    email: member.email,
    contactPhone: member.contactPhone,
    memberImage: imageUrlOrNull(member.memberImage, 'thumb'),
    validityFrom: member.validityFrom,
    validityTo: member.validityTo,
  }));
}

/**
 * `GET /api/boardemailtempadmin/:email`: the Temp Admin's window, as the list the spec reads. The
 * sign-in's own window answers where there is one (a super user may have changed it on the
 * accounts screen): it is what the session check enforces.
 */
export async function tempAdminValidity(db: TDbOrTx, email: string) {
  return db
    .select({
      validityFrom: sql<
        string | null
      >`coalesce(${adminAccounts.validityFrom}, ${boardMembers.validityFrom})::text`,
      validityTo: sql<
        string | null
      >`coalesce(${adminAccounts.validityTo}, ${boardMembers.validityTo})::text`,
    })
    .from(boardMembers)
    .leftJoin(adminAccounts, eq(adminAccounts.id, boardMembers.adminAccountId))
    .where(
      and(
        eq(sql`lower(${boardMembers.email})`, email.trim().toLowerCase()),
        eq(boardMembers.memberBoardType, 'Temp Admin'),
      ),
    );
}

function describe(row: Pick<TBoardMemberRow, 'email' | 'memberBoardType'>): string {
  return `${row.email} (${row.memberBoardType})`;
}

async function assertMemberExists(tx: TTx, memberId: number | undefined): Promise<void> {
  if (memberId === undefined) return;
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw invalid(MEMBER_NOT_FOUND_MESSAGE, { memberID: MEMBER_NOT_FOUND_MESSAGE });
}

async function assertBoardEmailFree(tx: TTx, email: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: boardMembers.id })
    .from(boardMembers)
    .where(
      and(
        eq(sql`lower(${boardMembers.email})`, email.toLowerCase()),
        exceptId === undefined ? undefined : ne(boardMembers.id, exceptId),
      ),
    );
  if (taken) throw conflict(BOARD_EMAIL_TAKEN_MESSAGE, { email: BOARD_EMAIL_TAKEN_MESSAGE });
}

/** Two admins saving one address at once both pass the checks; the unique indexes decide. */
function rethrowEmailTaken(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  const text = `${String((error as Error).message)} ${String((error as { cause?: Error }).cause?.message)}`;
  const message = text.includes('admin_accounts') ? EMAIL_TAKEN_MESSAGE : BOARD_EMAIL_TAKEN_MESSAGE;
  throw conflict(message, { email: message });
}

function boardColumnsOf(form: TBoardMemberForm) {
  return {
    firstName: form.fName,
    lastName: form.lName ?? '',
    email: form.email,
    contactPhone: form.contactPhone,
    memberBoardType: form.memberBoardType,
    memberId: form.memberID ?? null,
    validityFrom: form.validityFrom ?? null,
    validityTo: form.validityTo ?? null,
    leadershipRole: form.leadershipRole ?? null,
    leadershipOrder: form.leadershipOrder ?? null,
  };
}

function accountColumnsOf(form: TBoardMemberForm) {
  return {
    email: form.email,
    firstName: form.fName,
    lastName: form.lName ?? '',
    validityFrom: form.validityFrom ?? null,
    validityTo: form.validityTo ?? null,
  };
}

async function createTempAdminAccount(
  tx: TTx,
  form: TBoardMemberForm,
  passwordHash: string,
  now: Date,
): Promise<number> {
  await assertEmailFree(tx, form.email);
  const [account] = await tx
    .insert(adminAccounts)
    .values({
      ...accountColumnsOf(form),
      passwordHash,
      kind: 'ga',
      isStaff: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: adminAccounts.id });
  return account.id;
}

/** Removes a Temp Admin's sign-in: its sessions end now, its account goes. */
async function removeSignIn(tx: TTx, accountId: number, now: Date): Promise<void> {
  await revokeSessionsOf(tx, { kinds: ['ga', 'su'], subjectId: accountId }, now);
  await tx.delete(adminAccounts).where(eq(adminAccounts.id, accountId));
}

async function presentSaved(tx: TTx, id: number): Promise<TBoardMember> {
  const row = await boardRowById(tx, id);
  if (!row) throw notFound('board member');
  return presentBoardMember(row);
}

export async function createBoardMember(
  db: TDbOrTx,
  audit: TAuditContext,
  form: TBoardMemberForm,
  image: TStoredImage | null,
): Promise<TBoardMember> {
  const isTempAdmin = form.memberBoardType === 'Temp Admin';
  if (isTempAdmin && !form.password) {
    throw invalid(TEMP_ADMIN_PASSWORD_MESSAGE, { password: TEMP_ADMIN_PASSWORD_MESSAGE });
  }
  const passwordHash = isTempAdmin && form.password ? await hashPassword(form.password) : null;
  const now = audit.at;
  return db
    .transaction(async (tx) => {
      await assertMemberExists(tx, form.memberID);
      await assertBoardEmailFree(tx, form.email);
      const adminAccountId = passwordHash
        ? await createTempAdminAccount(tx, form, passwordHash, now)
        : null;
      const [row] = await tx
        .insert(boardMembers)
        .values({
          ...boardColumnsOf(form),
          adminAccountId,
          image: image?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const note = adminAccountId ? '; can sign in as a temporary admin' : '';
      await writeAudit(tx, audit, { message: `Created board member ${describe(row)}${note}` });
      return presentSaved(tx, row.id);
    })
    .catch(rethrowEmailTaken);
}

/** What happens to a Temp Admin's sign-in on an update; the audit entry says it. */
async function reconcileSignIn(
  tx: TTx,
  before: TBoardMemberRow,
  form: TBoardMemberForm,
  passwordHash: string | null,
  now: Date,
): Promise<{ adminAccountId: number | null; note: string }> {
  const accountId = before.adminAccountId;
  if (form.memberBoardType !== 'Temp Admin') {
    if (accountId === null) return { adminAccountId: null, note: '' };
    await removeSignIn(tx, accountId, now);
    return { adminAccountId: null, note: '; sign-in removed' };
  }
  if (accountId === null) {
    if (!passwordHash) {
      throw invalid(TEMP_ADMIN_PASSWORD_MESSAGE, { password: TEMP_ADMIN_PASSWORD_MESSAGE });
    }
    const created = await createTempAdminAccount(tx, form, passwordHash, now);
    return { adminAccountId: created, note: '; can sign in as a temporary admin' };
  }
  await assertEmailFree(tx, form.email, accountId);
  await tx
    .update(adminAccounts)
    .set({
      ...accountColumnsOf(form),
      ...(passwordHash ? { passwordHash } : {}),
      isStaff: true,
      updatedAt: now,
    })
    .where(eq(adminAccounts.id, accountId));
  if (!passwordHash) return { adminAccountId: accountId, note: '' };
  await revokeSessionsOf(tx, { kinds: ['ga', 'su'], subjectId: accountId }, now);
  return { adminAccountId: accountId, note: '; password replaced' };
}

export async function updateBoardMember(
  db: TDbOrTx,
  audit: TAuditContext,
  id: number,
  form: TBoardMemberForm,
  image: TStoredImage | null,
): Promise<TBoardMember> {
  const passwordHash =
    form.memberBoardType === 'Temp Admin' && form.password
      ? await hashPassword(form.password)
      : null;
  const now = audit.at;
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(boardMembers)
        .where(eq(boardMembers.id, id))
        .for('update');
      if (!before) throw notFound('board member');
      await assertMemberExists(tx, form.memberID);
      await assertBoardEmailFree(tx, form.email, id);
      const signIn = await reconcileSignIn(tx, before, form, passwordHash, now);
      const nextImage = image?.id ?? (form.removeImage === 'true' ? null : before.image);
      await tx
        .update(boardMembers)
        .set({
          ...boardColumnsOf(form),
          adminAccountId: signIn.adminAccountId,
          image: nextImage,
          updatedAt: now,
        })
        .where(eq(boardMembers.id, id));
      if (before.image && before.image !== nextImage) await deleteImage(tx, before.image);
      await writeAudit(tx, audit, {
        message: `Updated board member ${describe({ ...before, ...boardColumnsOf(form) })}${signIn.note}`,
      });
      return presentSaved(tx, id);
    })
    .catch(rethrowEmailTaken);
}

export async function deleteBoardMember(
  db: TDbOrTx,
  audit: TAuditContext,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(boardMembers).where(eq(boardMembers.id, id)).returning();
    if (!row) throw notFound('board member');
    if (row.adminAccountId !== null) await removeSignIn(tx, row.adminAccountId, audit.at);
    if (row.image) await deleteImage(tx, row.image);
    const note = row.adminAccountId !== null ? '; sign-in removed' : '';
    await writeAudit(tx, audit, { message: `Deleted board member ${describe(row)}${note}` });
  });
}
