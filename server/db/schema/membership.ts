import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  type AnyPgColumn,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  FAMILY_RELATIONS,
  MAX_DEPENDENTS,
  MIN_DEPENDENTS,
  VALIDITY_TYPES,
} from '../../../domain/constants';
import { createdAt, isOneOf, searchText, updatedAt, validityCheck } from './columns';

export const GIFT_VALUES = ['', 'received'] as const;

/** Optional text columns hold '' when empty, so a format check allows ''. */
const TEN_DIGITS = `'^([0-9]{10})?$'`;

export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: serial('id').primaryKey(),
    membershipType: text('membership_type').notNull(),
    prefix: text('prefix').notNull().unique(),
    planFeeCents: integer('plan_fee_cents').notNull(),
    haveSpouse: boolean('have_spouse').notNull().default(false),
    dependentFeeCents: integer('dependent_fee_cents').notNull().default(0),
    maxDependent: integer('max_dependent').notNull(),
    serviceChargePercent: numeric('service_charge_percent', {
      precision: 5,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(0),
    validityType: text('validity_type', { enum: VALIDITY_TYPES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    validityFrom: date('validity_from', { mode: 'string' }),
    validityTo: date('validity_to', { mode: 'string' }),
    // The spec's PlanType; the magazine plan (prefix DA) keeps its price text here, e.g. '15.00'
    planType: text('plan_type'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('membership_plans_prefix_check', sql`${t.prefix} ~ '^[A-Z0-9]{1,6}$'`),
    check('membership_plans_plan_fee_check', sql`${t.planFeeCents} >= 0`),
    check('membership_plans_dependent_fee_check', sql`${t.dependentFeeCents} >= 0`),
    check(
      'membership_plans_max_dependent_check',
      sql`${t.maxDependent} between ${sql.raw(`${MIN_DEPENDENTS} and ${MAX_DEPENDENTS}`)}`,
    ),
    check(
      'membership_plans_service_charge_check',
      sql`${t.serviceChargePercent} >= 0 and ${t.serviceChargePercent} <= 100`,
    ),
    check('membership_plans_validity_type_check', isOneOf(t.validityType, VALIDITY_TYPES)),
    validityCheck('membership_plans_validity_check', t.validityFrom, t.validityTo),
  ],
);

/** The last number handed out per plan prefix; FamilyPlanId = prefix + 4 digits (DESIGN §3d). */
export const familyPlanSequences = pgTable(
  'family_plan_sequences',
  {
    prefix: text('prefix').primaryKey(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [check('family_plan_sequences_last_value_check', sql`${t.lastValue} >= 0`)],
);

/** A membership: the member (spec's MemberId = id) who heads a family. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    familyPlanId: text('family_plan_id').unique(),
    planId: integer('plan_id').references(() => membershipPlans.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    memberImage: text('member_image'),
    isActive: boolean('is_active').notNull().default(false),
    validityFrom: date('validity_from', { mode: 'string' }),
    validityTo: date('validity_to', { mode: 'string' }),
    giftReceived: text('gift_received', { enum: GIFT_VALUES }).notNull().default(''),
    notes: text('notes').notNull().default(''),
    // How many dependents the family has paid for; a freed slot up to this number refills for free
    dependentsPaid: integer('dependents_paid').notNull().default(0),
    // What the member search matches, kept lower-cased in the row: a search rechecks every row
    // the trigram index offers, and building this text afresh for each cost more than the match
    searchText: text('search_text').generatedAlwaysAs((): SQL =>
      searchText(
        members.familyPlanId,
        members.firstName,
        members.lastName,
        members.email,
        members.street,
      ),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('members_email_lower_key').on(sql`lower(${t.email})`),
    index('members_plan_id_idx').on(t.planId),
    // fastupdate off: new rows go into the index at once, not into GIN's pending list, which every
    // search then scans row by row until a VACUUM merges it; PGlite never autovacuums, so after
    // 10,000 families were added a search read them all (10 ms a query instead of 0.5).
    index('members_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('members_contact_phone_check', sql`${t.contactPhone} ~ ${sql.raw(TEN_DIGITS)}`),
    check('members_state_check', sql`${t.state} ~ '^([A-Z]{2})?$'`),
    check('members_zipcode_check', sql`${t.zipcode} ~ '^([0-9]{5})?$'`),
    check('members_gift_received_check', isOneOf(t.giftReceived, GIFT_VALUES)),
    check(
      'members_dependents_paid_check',
      sql`${t.dependentsPaid} between 0 and ${sql.raw(String(MAX_DEPENDENTS))}`,
    ),
    validityCheck('members_validity_check', t.validityFrom, t.validityTo),
  ],
);

/**
 * The text the member search (FamilyID, name, e-mail, address; spec 02 §2.7) matches with
 * `like '%term%'`: the stored column the trigram index above is built on.
 */
export function memberSearchText(t: { searchText: AnyPgColumn }): AnyPgColumn {
  return t.searchText;
}

/**
 * Spouse (slot 0) and dependents (slots 1..6) of a membership. The spec's family record
 * (spouseFirstName..., dependname1..6) is built from these rows. A dependent is given one name
 * in the spec; it is kept whole in first_name.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    relation: text('relation', { enum: FAMILY_RELATIONS }).notNull(),
    slot: integer('slot').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    contactPhone: text('contact_phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('family_members_member_slot_key').on(t.memberId, t.slot),
    check('family_members_relation_check', isOneOf(t.relation, FAMILY_RELATIONS)),
    check(
      'family_members_slot_check',
      sql`(${t.relation} = 'spouse' and ${t.slot} = 0) or (${t.relation} = 'dependent' and ${dependentSlots(t.slot)})`,
    ),
    check(
      'family_members_contact_phone_check',
      sql`${t.contactPhone} is null or ${t.contactPhone} ~ ${sql.raw(TEN_DIGITS)}`,
    ),
  ],
);

function dependentSlots(slot: AnyPgColumn) {
  return sql`${slot} between 1 and ${sql.raw(String(MAX_DEPENDENTS))}`;
}

export type TMembershipPlanRow = typeof membershipPlans.$inferSelect;
export type TNewMembershipPlanRow = typeof membershipPlans.$inferInsert;
export type TFamilyPlanSequenceRow = typeof familyPlanSequences.$inferSelect;
export type TNewFamilyPlanSequenceRow = typeof familyPlanSequences.$inferInsert;
export type TMemberRow = typeof members.$inferSelect;
export type TNewMemberRow = typeof members.$inferInsert;
export type TFamilyMemberRow = typeof familyMembers.$inferSelect;
export type TNewFamilyMemberRow = typeof familyMembers.$inferInsert;

/**
 * One row naming the last transaction that changed what the member list shows: a member added,
 * edited or removed, or a plan's prefix or type. Deferred triggers (migration 0021) write it as
 * each such transaction commits, so a list held in memory (modules/members/member-roll.ts) that
 * was read with another value is out of date, whichever instance made the change.
 */
export const memberRollVersion = pgTable(
  'member_roll_version',
  {
    id: integer('id').primaryKey().default(1),
    // The changing transaction's id (txid_current()): unique for the life of the database, so a
    // value restored from a backup never passes for one an instance already holds
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('member_roll_version_one_row_check', sql`${t.id} = 1`)],
);
