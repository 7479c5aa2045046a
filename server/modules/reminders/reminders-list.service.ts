/** The staff list of renewal reminders (issue 15): who was reminded, when, and who renewed since. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  TReminderListQuery,
  TReminderListResponse,
} from '../../../domain/contracts/reminders';
import { ZReminderListQuery } from '../../../domain/contracts/reminders';
import { fullName } from '../../../domain/display';
import type { TDbOrTx } from '../../db/client';
import { members, memberSearchText, renewalReminders } from '../../db/schema';
import { likeContaining } from '../members/members.service';

/** Renewed since the reminder: through its link, or the membership now runs past that end. */
const renewedSql = sql<boolean>`(${renewalReminders.renewedAt} is not null or ${members.validityTo} is null or ${members.validityTo} > ${renewalReminders.validityTo})`;

export async function listReminders(
  db: TDbOrTx,
  rawQuery: TReminderListQuery,
): Promise<TReminderListResponse> {
  const query = ZReminderListQuery.parse(rawQuery);
  const term = (query.search ?? '').trim().toLowerCase();
  const where = and(
    term ? sql`${memberSearchText(members)} like ${likeContaining(term)}` : undefined,
    query.kind ? eq(renewalReminders.kind, query.kind) : undefined,
    query.renewed === 'yes' ? renewedSql : undefined,
    query.renewed === 'no' ? (sql`not ${renewedSql}` as SQL) : undefined,
  );
  const rows = await db
    .select({
      reminder: renewalReminders,
      firstName: members.firstName,
      lastName: members.lastName,
      familyPlanId: members.familyPlanId,
      renewed: renewedSql,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(renewalReminders)
    .innerJoin(members, eq(renewalReminders.memberId, members.id))
    .where(where)
    .orderBy(desc(renewalReminders.sentAt), desc(renewalReminders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.reminder.id,
      memberId: row.reminder.memberId,
      memberName: fullName(row.firstName, row.lastName),
      FamilyPlanId: row.familyPlanId,
      email: row.reminder.email,
      kind: row.reminder.kind,
      validityTo: row.reminder.validityTo,
      sentAt: row.reminder.sentAt.toISOString(),
      renewed: Boolean(row.renewed),
      renewedThroughLinkAt: row.reminder.renewedAt?.toISOString() ?? null,
    })),
    total: rows[0]?.total ?? (query.page > 1 ? await countAll(db, where) : 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A page past the end has no row to carry the count. */
async function countAll(db: TDbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(renewalReminders)
    .innerJoin(members, eq(renewalReminders.memberId, members.id))
    .where(where);
  return Number(row?.n ?? 0);
}
