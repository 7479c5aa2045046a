/**
 * The staff member list (spec 02 §2.7; DESIGN §3d): one page of members, filtered, searched and
 * counted over the roll held in memory (member-roll.ts), by the same rules the filter's SQL
 * states for the exports (`filterCondition`); member-roll.test.ts holds the two together.
 */
import { GIFT_RECEIVED, type TMember } from '../../../domain/contracts/members';
import { isInForce } from '../../../domain/membership-status';
import type { TDatabase } from '../../db/client';
import { memberRoll, type Roll, type TRollRow } from './member-roll';
import { presentMember } from './members.presenter';
import { searchTermOf, type TMemberListFilter } from './members.service';

/** The rows the search term finds, in id order: every row when there is none. */
function searched(roll: Roll, search: string | undefined): readonly TRollRow[] {
  const term = searchTermOf(search);
  if (term === undefined) return roll.rows;
  return roll.containing(term);
}

/** Whether a row passes the filters besides the search: with it, the list's `filterCondition`. */
function otherFilters(filter: TMemberListFilter, today: string): (row: TRollRow) => boolean {
  const { active, gift, membertype } = filter;
  const giftWanted = gift === 'true' ? GIFT_RECEIVED : gift === 'false' ? '' : undefined;
  return (row) =>
    (active === undefined || isInForce(row, today) === (active === 'true')) &&
    (giftWanted === undefined || row.giftReceived === giftWanted) &&
    (!membertype || row.prefix === membertype);
}

function presentRow(row: TRollRow, today: string): TMember {
  // A plan's prefix is never null: null means the member has no plan, as the join says
  const plan =
    row.prefix === null ? null : { prefix: row.prefix, membershipType: row.membershipType };
  return presentMember({ member: row, plan }, today);
}

export async function listMembers(
  database: TDatabase,
  filter: TMemberListFilter,
  today: string,
): Promise<{ member: TMember[]; total: number; page: number; pageSize: number }> {
  const roll = await memberRoll(database);
  const matches = searched(roll, filter.search).filter(otherFilters(filter, today));
  const offset = (filter.page - 1) * filter.pageSize;
  return {
    member: matches.slice(offset, offset + filter.pageSize).map((row) => presentRow(row, today)),
    total: matches.length,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}
