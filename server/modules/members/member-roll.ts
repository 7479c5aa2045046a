/**
 * The member list's rows, held in memory (issue 14): the back office searches, filters and pages
 * the roll here instead of asking the database for every keystroke. On the embedded database a
 * trigram search of 10,000 families cost the server's one thread about a millisecond per request,
 * most of a request's time.
 *
 * Never stale: each read first asks which version of the roll is current (`currentVersion`: on
 * PostgreSQL the transaction that last changed what the list shows, written into
 * `member_roll_version` at commit by the triggers of migration 0021, whichever instance or tool
 * made the change; on PGlite the count of those changes announced to this process). A roll read
 * with another version is read again, whole, in one statement, so rows and version always agree.
 * Concurrent reads of a changed roll share one load.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  preparedStatement,
  runPrepared,
  type TPreparedStatement,
} from '../../db/prepared-statement';
import {
  memberRollVersion,
  members,
  membershipPlans,
  type TMembershipPlanRow,
} from '../../db/schema';
import { SubstringIndex } from '../../lib/substring-index';
import type { TMemberShown } from './members.presenter';

/** A member as the list shows and searches it: the presenter's columns, the plan's, the search text. */
export type TRollRow = TMemberShown &
  Pick<TMembershipPlanRow, 'prefix' | 'membershipType'> & { searchText: string };

/** What a roll row is read from, by the names it carries. */
export const ROLL_FIELDS = {
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
  searchText: members.searchText,
} as const satisfies Record<keyof TRollRow, AnyPgColumn>;

const ROLL_COLUMNS = sql.join(
  Object.entries(ROLL_FIELDS).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

/** The version as text; 'none' before the first change made the row. */
const VERSION = sql`coalesce((select ${memberRollVersion.version}::text from ${memberRollVersion} where ${memberRollVersion.id} = 1), 'none')`;

/** The version alone, asked before every list. */
const READ_VERSION: TPreparedStatement = preparedStatement(sql`select ${VERSION} as version`);

/**
 * The whole roll in id order and the version it is as of, in one statement (one snapshot). The
 * rows come back as one JSON text: a driver decodes one value instead of 22 columns of each row
 * (on PGlite 145 ms for 10,000 families, against 400-560 ms as plain rows). Rows as arrays of
 * values came 45 ms sooner, but objects made from them key by key are slow ones in V8 (past 12
 * properties set by computed keys), and presenting 100 of them then cost more than the search.
 */
const READ_ROLL: TPreparedStatement = preparedStatement(
  sql`
    select ${VERSION} as version,
      (select coalesce(json_agg(roll order by roll.id), '[]')::text
        from (
          select ${ROLL_COLUMNS}
          from ${members} left join ${membershipPlans} on ${eq(members.planId, membershipPlans.id)}
        ) roll
      ) as rows`,
);

/** The roll as of one version: its rows in id order, searched by an index made at the first search. */
export class Roll {
  private index?: SubstringIndex;

  constructor(
    readonly version: string,
    readonly rows: readonly TRollRow[],
  ) {}

  /** The rows whose search text contains `term`, in id order. */
  containing(term: string): TRollRow[] {
    this.index ??= new SubstringIndex(this.rows.map((row) => row.searchText));
    return this.index.matching(term).map((index) => this.rows[index]);
  }
}

interface TRollState {
  held?: Roll;
  loading?: Promise<Roll>;
  /** PGlite: the changes announced to this process so far, once it listens. */
  announced: number;
  listening?: Promise<unknown>;
}

const stateOf = perDatabase<TRollState>(() => ({ announced: 0 }));

const CHANGED_CHANNEL = 'member_roll_changed';

/**
 * The version of the roll as of now. On PostgreSQL, the row the triggers write, read from the
 * database: another server may have made the change. PGlite has one client, this process (the
 * data directory's lock), and the triggers' notification of each change reaches it as the change
 * commits, before the writer's own call returns: the count of them is the version, known without
 * a statement (a fifth of a list request's time on PGlite).
 */
async function currentVersion(database: TDatabase, state: TRollState): Promise<string> {
  if (database.kind === 'postgres') {
    const [row] = await runPrepared<{ version: string }>(database, READ_VERSION, []);
    return row.version;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  state.listening ??= client
    .listen(CHANGED_CHANNEL, () => {
      state.announced += 1;
    })
    .catch((error: unknown) => {
      state.listening = undefined; // the next list tries again
      throw error;
    });
  await state.listening;
  return announcedVersion(state);
}

function announcedVersion(state: TRollState): string {
  return `announced ${state.announced}`;
}

async function readRoll(database: TDatabase, state: TRollState): Promise<Roll> {
  // PGlite runs statements in order: a change announced after this count is read commits after
  // the roll's own statement, or before it and is in it (read again once more, needlessly)
  const announced = announcedVersion(state);
  const [row] = await runPrepared<{ version: string; rows: string }>(database, READ_ROLL, []);
  const version = database.kind === 'postgres' ? row.version : announced;
  return new Roll(version, JSON.parse(row.rows) as TRollRow[]);
}

/** Reads the roll again; the newest load begun is the one kept. */
function load(database: TDatabase, state: TRollState): Promise<Roll> {
  const loading = readRoll(database, state);
  state.loading = loading;
  loading
    .then((roll) => {
      if (state.loading === loading) state.held = roll;
    })
    .catch(() => undefined)
    .finally(() => {
      if (state.loading === loading) state.loading = undefined;
    });
  return loading;
}

/** Every member as the list shows them, as of this call. */
export async function memberRoll(database: TDatabase): Promise<Roll> {
  const state = stateOf(database.db);
  const version = await currentVersion(database, state);
  if (state.held?.version === version) return state.held;
  // A load under way may have read the rows before the change this caller already sees: it
  // serves only when it answers the very version the caller read
  const underWay = state.loading;
  if (underWay) {
    const roll = await underWay.catch(() => undefined);
    if (roll?.version === version) return roll;
  }
  // A load begun after the caller read its version reads rows at least as new: shared
  const fresh = state.loading && state.loading !== underWay ? state.loading : load(database, state);
  return fresh;
}
