/**
 * The staff member list (spec 02 §2.7; DESIGN §3d): one page of members, filtered, searched and
 * counted in the database by one prepared statement per combination of filters.
 */
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TMember } from '../../../domain/contracts/members';
import type { TDatabase } from '../../db/client';
import { members, membershipPlans, type TMembershipPlanRow } from '../../db/schema';
import { presentMember, type TMemberShown } from './members.presenter';
import {
  filterConditionOf,
  likeContaining,
  searchTermOf,
  type TMemberListFilter,
} from './members.service';
import {
  executePrepared,
  preparedStatement,
  preparedStatementsByShape,
  type TPreparedStatement,
} from '../../db/prepared-statement';

type TListRow = TMemberShown & Pick<TMembershipPlanRow, 'prefix' | 'membershipType'>;

/** What a list row is built from, by the names the presenter reads. */
const LIST_FIELDS = {
  id: members.id,
  familyPlanId: members.familyPlanId,
  planId: members.planId,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  contactPhone: members.contactPhone,
  street: members.street,
  city: members.city,
  state: members.state,
  zipcode: members.zipcode,
  dateOfBirth: members.dateOfBirth,
  memberImage: members.memberImage,
  isActive: members.isActive,
  validityFrom: members.validityFrom,
  validityTo: members.validityTo,
  giftReceived: members.giftReceived,
  notes: members.notes,
  dependentsPaid: members.dependentsPaid,
  prefix: membershipPlans.prefix,
  membershipType: membershipPlans.membershipType,
} as const satisfies Record<keyof TListRow, AnyPgColumn>;

/** `"members"."id" as "id", ...`: the columns of a page's row under the names the presenter reads. */
const LIST_COLUMNS = sql.join(
  Object.entries(LIST_FIELDS).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

type TListShape = Parameters<typeof filterConditionOf>[0];

/**
 * The list's statement for one combination of filters. The ids of every match are gathered once
 * (by the search's trigram index) into one sorted array: its length is the count and a slice of
 * it the page, so a page past the last one still carries the count. (A materialized CTE of the
 * ids, scanned once to count and once to page, cost a third more on PGlite.) The page's rows come
 * back as one JSON text, each row aggregated whole (a third cheaper on a page of 100 than
 * json_build_object, which is handed every key again for every row): a driver decodes one value
 * instead of 21 columns of each row (PGlite does that in JavaScript, column by column).
 */
function listStatement(shape: TListShape): TPreparedStatement {
  const where = filterConditionOf(shape, {
    pattern: sql.placeholder('pattern'),
    today: sql.placeholder('today'),
    membertype: sql.placeholder('membertype'),
  });
  // The plan's prefix is a filter only when a membership type is asked for
  const plans = shape.membertype
    ? sql`left join ${membershipPlans} on ${eq(members.planId, membershipPlans.id)}`
    : sql``;
  // The page's bounds, held within the array: a far page's offset passes the integer range
  const from = sql`least(${sql.placeholder('offset')}::bigint, cardinality(ids))::int + 1`;
  const to = sql`least(${sql.placeholder('offset')}::bigint + ${sql.placeholder('limit')}::int, cardinality(ids))::int`;
  return preparedStatement(
    sql`
      with matched as (
        select coalesce(array_agg(${members.id} order by ${members.id}), '{}') as ids
        from ${members} ${plans} ${where ? sql`where ${where}` : sql``}
      )
      select cardinality(ids) as total,
        (select coalesce(json_agg(page order by page.id), '[]')::text
          from (
            select ${LIST_COLUMNS}
            from ${members} left join ${membershipPlans} on ${eq(members.planId, membershipPlans.id)}
            where ${members.id} = any(ids[${from} : ${to}])
          ) page
        ) as rows
      from matched`,
  );
}

/** The list's statement for each combination of filters (at most 36 of them). */
const statementFor = preparedStatementsByShape(
  (shape: TListShape) =>
    `${shape.search ? 's' : ''}${shape.membertype ? 't' : ''}_${shape.active ?? 'any'}_${shape.gift || 'any'}`,
  listStatement,
);

export async function listMembers(
  database: TDatabase,
  filter: TMemberListFilter,
  today: string,
): Promise<{ member: TMember[]; total: number; page: number; pageSize: number }> {
  const term = searchTermOf(filter.search);
  const statement = statementFor({
    search: term !== undefined,
    membertype: Boolean(filter.membertype),
    active: filter.active,
    gift: filter.gift,
  });
  const [{ total, rows }] = await executePrepared<{ total: number; rows: string }>(
    database,
    statement,
    {
      pattern: likeContaining(term ?? ''),
      today,
      membertype: filter.membertype ?? '',
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    },
  );
  return {
    member: (JSON.parse(rows) as TListRow[]).map(({ prefix, membershipType, ...member }) =>
      presentMember(
        // A plan's prefix is never null: null means the member has no plan, as Drizzle's join says
        { member, plan: prefix === null ? null : { prefix, membershipType } },
        today,
      ),
    ),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}
