import type { TNewFamilyMemberRow, TNewMemberRow } from '../schema';
import { addDays, daysBetween, yearOf } from './calendar';
import type { TSeedContext } from './context';
import { MEMBER_NOTES } from './names';
import type { People } from './people';

/** active: paid up for this year; expired: last paid for last year; inactive: switched off. */
export type TStanding = 'active' | 'expired' | 'inactive';

export interface TSeedFamily {
  prefix: string;
  joinedOn: string;
  /** When the first payment was confirmed and the member row created. */
  joinedAt: Date;
  standing: TStanding;
  member: Omit<TNewMemberRow, 'planId' | 'familyPlanId'> & { email: string };
  spouse: Omit<TNewFamilyMemberRow, 'memberId'> | null;
  dependents: Omit<TNewFamilyMemberRow, 'memberId'>[];
  /** Dependents paid for when joining; the rest were added later through a dependents payment. */
  dependentsAtJoin: number;
  addedDependents: { on: string; count: number } | null;
}

export const DEMO_MEMBER_EMAIL = 'member@example.org';
const FAMILY_COUNT = 60;

interface TPlanShape {
  prefix: string;
  spouseChance: number;
  dependents: readonly (readonly [number, number])[];
  age: readonly [number, number];
}

const PLAN_SHAPES: readonly (readonly [TPlanShape, number])[] = [
  [
    {
      prefix: 'GM',
      spouseChance: 0.9,
      dependents: [
        [0, 10],
        [1, 20],
        [2, 35],
        [3, 20],
        [4, 8],
        [5, 4],
        [6, 3],
      ],
      age: [30, 55],
    },
    34,
  ],
  [
    {
      prefix: 'IM',
      spouseChance: 0,
      dependents: [
        [0, 80],
        [1, 20],
      ],
      age: [22, 45],
    },
    8,
  ],
  [
    {
      prefix: 'SR',
      spouseChance: 0.8,
      dependents: [
        [0, 85],
        [1, 15],
      ],
      age: [65, 80],
    },
    7,
  ],
  [
    {
      prefix: 'LM',
      spouseChance: 0.85,
      dependents: [
        [0, 30],
        [1, 30],
        [2, 30],
        [4, 10],
      ],
      age: [40, 72],
    },
    5,
  ],
  [{ prefix: 'DA', spouseChance: 0, dependents: [[0, 1]], age: [30, 70] }, 5],
];

/** About 60 families: the demo member's first, then generated ones. */
export function buildFamilies(
  ctx: TSeedContext,
  people: People,
  passwordHash: string,
): TSeedFamily[] {
  people.reserveEmail(DEMO_MEMBER_EMAIL);
  const families = [buildDemoFamily(ctx, passwordHash)];
  while (families.length < FAMILY_COUNT) {
    families.push(buildFamily(ctx, people, passwordHash, ctx.random.weighted(PLAN_SHAPES)));
  }
  return families;
}

/** member@example.org: an active family membership with a spouse and two dependents. */
function buildDemoFamily(ctx: TSeedContext, passwordHash: string): TSeedFamily {
  const joinedOn = addDays(ctx.today, -1000);
  const createdAt = ctx.momentOn(joinedOn);
  return {
    prefix: 'GM',
    joinedOn,
    joinedAt: createdAt,
    standing: 'active',
    member: {
      firstName: 'Rajesh',
      lastName: 'Patel',
      email: DEMO_MEMBER_EMAIL,
      passwordHash,
      contactPhone: '2815550142',
      street: '4521 Sweetwater Blvd',
      city: 'Sugar Land',
      state: 'TX',
      zipcode: '77479',
      dateOfBirth: addDays(ctx.today, -(42 * 365 + 120)),
      isActive: true,
      validityFrom: ctx.yearStart,
      validityTo: ctx.yearEnd,
      dependentsPaid: 2,
      createdAt,
      updatedAt: createdAt,
    },
    spouse: {
      relation: 'spouse',
      slot: 0,
      firstName: 'Nita',
      lastName: 'Patel',
      email: 'nita.patel@example.net',
      contactPhone: '2815550143',
      dateOfBirth: addDays(ctx.today, -(40 * 365 + 75)),
      createdAt,
    },
    dependents: [
      {
        relation: 'dependent',
        slot: 1,
        firstName: 'Aarav Patel',
        dateOfBirth: addDays(ctx.today, -(12 * 365 + 30)),
        createdAt,
      },
      {
        relation: 'dependent',
        slot: 2,
        firstName: 'Riya Patel',
        dateOfBirth: addDays(ctx.today, -(8 * 365 + 200)),
        createdAt,
      },
    ],
    dependentsAtJoin: 2,
    addedDependents: null,
  };
}

function buildFamily(
  ctx: TSeedContext,
  people: People,
  passwordHash: string,
  shape: TPlanShape,
): TSeedFamily {
  const { random } = ctx;
  const gender = random.chance(0.7) ? 'm' : 'f';
  const firstName = people.firstName(gender);
  const lastName = people.surname();
  // A quarter joined within the last year, the rest over the years before
  const joinedOn = random.chance(0.25)
    ? addDays(ctx.today, -random.int(3, 360))
    : addDays(ctx.today, -random.int(366, 9 * 365));
  const standing = pickStanding(ctx, shape.prefix, joinedOn);
  const createdAt = ctx.momentOn(joinedOn);

  const spouse: TSeedFamily['spouse'] = random.chance(shape.spouseChance)
    ? buildSpouse(ctx, people, gender === 'm' ? 'f' : 'm', lastName, shape.age, createdAt)
    : null;

  const count = random.weighted(shape.dependents);
  let dependents = Array.from({ length: count }, (_, index) => ({
    relation: 'dependent' as const,
    slot: index + 1,
    firstName: `${people.childName()} ${lastName}`,
    dateOfBirth: people.dateOfBirth(
      shape.prefix === 'SR' ? 30 : 1,
      shape.prefix === 'SR' ? 40 : 20,
    ),
    createdAt,
  }));
  // Slots do not shift when a dependent is removed: some families keep a freed, paid-for slot
  if (count >= 3 && random.chance(0.15)) dependents = dependents.filter((d) => d.slot !== 2);

  const addedDependents = pickAddedDependents(ctx, joinedOn, count, standing);
  const address = people.address();
  return {
    prefix: shape.prefix,
    joinedOn,
    joinedAt: createdAt,
    standing,
    member: {
      firstName,
      lastName,
      email: people.email(firstName, lastName),
      passwordHash,
      contactPhone: people.phone(),
      ...address,
      dateOfBirth: people.dateOfBirth(shape.age[0], shape.age[1]),
      isActive: standing !== 'inactive',
      ...validity(ctx, shape.prefix, joinedOn, standing),
      giftReceived: standing === 'active' && random.chance(0.35) ? 'received' : '',
      notes: random.chance(0.2) ? random.pick(MEMBER_NOTES) : '',
      dependentsPaid: count,
      createdAt,
      updatedAt: createdAt,
    },
    spouse,
    dependents,
    dependentsAtJoin: count - (addedDependents?.count ?? 0),
    addedDependents,
  };
}

function buildSpouse(
  ctx: TSeedContext,
  people: People,
  gender: 'm' | 'f',
  lastName: string,
  age: readonly [number, number],
  createdAt: Date,
): NonNullable<TSeedFamily['spouse']> {
  const firstName = people.firstName(gender);
  return {
    relation: 'spouse',
    slot: 0,
    firstName,
    lastName,
    email: ctx.random.chance(0.4) ? people.email(firstName, lastName, 'example.net') : null,
    contactPhone: ctx.random.chance(0.5) ? people.phone() : null,
    dateOfBirth: people.dateOfBirth(age[0], age[1]),
    createdAt,
  };
}

function pickStanding(ctx: TSeedContext, prefix: string, joinedOn: string): TStanding {
  if (prefix === 'LM' || joinedOn >= ctx.yearStart) return 'active';
  const joinedLastYear = yearOf(joinedOn) === yearOf(ctx.yearStart) - 1;
  return ctx.random.weighted<TStanding>([
    ['active', 80],
    ['expired', 15],
    ['inactive', joinedLastYear ? 0 : 5],
  ]);
}

/** Limited plans run for a calendar year; the life plan from joining, without end. */
function validity(ctx: TSeedContext, prefix: string, joinedOn: string, standing: TStanding) {
  if (prefix === 'LM') return { validityFrom: joinedOn, validityTo: null };
  const year = yearOf(ctx.yearStart) - (standing === 'active' ? 0 : standing === 'expired' ? 1 : 2);
  return { validityFrom: `${year}-01-01`, validityTo: `${year}-12-31` };
}

/** Some families added dependents after joining, within the last year. */
function pickAddedDependents(
  ctx: TSeedContext,
  joinedOn: string,
  count: number,
  standing: TStanding,
): TSeedFamily['addedDependents'] {
  const earliest = [addDays(joinedOn, 30), ctx.windowStart].sort()[1];
  const latest = addDays(ctx.today, -3);
  if (count === 0 || standing !== 'active' || earliest > latest || !ctx.random.chance(0.3))
    return null;
  const on = addDays(earliest, ctx.random.int(0, daysBetween(earliest, latest)));
  return { on, count: Math.min(count, ctx.random.int(1, 2)) };
}
