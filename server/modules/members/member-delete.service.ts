/**
 * Deleting a member (admins only, DESIGN §3c) keeps history (DESIGN §3d): the member's payments
 * stay, with the name they were made under written on them, so the reports still name the buyer;
 * tickets already sold stay valid (their member link is cleared by the foreign key). What only
 * made sense with the member goes: spouse and dependents, open checkouts, sessions and reset
 * links, the profile image, a board entry linked to the member, and the Temp Admin sign-in of such
 * an entry.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { fullName } from '../../../domain/display';
import type { TDb } from '../../db/client';
import {
  adminAccounts,
  boardMembers,
  members,
  passwordResetTokens,
  payments,
  sessions,
} from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { deleteImage } from '../images/image-store';

export const CHECKOUT_MEMBER_DELETED = 'The member was deleted before the payment was made.';

export async function deleteMember(
  db: TDb,
  audit: TAuditContext,
  memberId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    if (!member) throw notFound('member');
    const name = fullName(member.firstName, member.lastName);

    await tx
      .update(payments)
      .set({ memberName: name, updatedAt: now })
      .where(and(eq(payments.memberId, memberId), isNull(payments.memberName)));
    // A checkout still open for this member could no longer be fulfilled
    await tx
      .update(payments)
      .set({ status: 'cancelled', failureReason: CHECKOUT_MEMBER_DELETED, updatedAt: now })
      .where(and(eq(payments.memberId, memberId), eq(payments.status, 'pending')));

    const board = await tx
      .delete(boardMembers)
      .where(eq(boardMembers.memberId, memberId))
      .returning({ adminAccountId: boardMembers.adminAccountId });
    const accountIds = board.flatMap((entry) =>
      entry.adminAccountId === null ? [] : [entry.adminAccountId],
    );
    if (accountIds.length > 0) {
      await tx
        .delete(sessions)
        .where(and(eq(sessions.kind, 'ga'), inArray(sessions.subjectId, accountIds)));
      await tx
        .delete(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.accountKind, 'admin'),
            inArray(passwordResetTokens.subjectId, accountIds),
          ),
        );
      await tx.delete(adminAccounts).where(inArray(adminAccounts.id, accountIds));
    }

    await tx
      .delete(sessions)
      .where(and(eq(sessions.kind, 'mem'), eq(sessions.subjectId, memberId)));
    await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.accountKind, 'member'),
          eq(passwordResetTokens.subjectId, memberId),
        ),
      );
    await tx.delete(members).where(eq(members.id, memberId));
    if (member.memberImage) await deleteImage(tx, member.memberImage);
    await writeAudit(tx, audit, {
      message: `Deleted member ${memberId} (${name}${member.familyPlanId ? `, ${member.familyPlanId}` : ''}); payments and tickets kept${board.length ? `, ${board.length} board entr${board.length === 1 ? 'y' : 'ies'} removed` : ''}`,
    });
  });
}
