import { LEADERSHIP_ROLES } from '../../../domain/constants';
import type { TNewAdminAccountRow, TNewBoardMemberRow } from '../schema';
import { addDays, yearOf } from './calendar';
import type { TSeedContext } from './context';
import { DEMO_MEMBER_EMAIL } from './families';
import type { TInsertedFamily } from './membership-payments';

export const DEMO_ADMIN_EMAIL = 'admin@example.org';
export const DEMO_SUPER_EMAIL = 'super@example.org';
export const DEMO_TEMP_ADMIN_EMAIL = 'temp@example.org';

const TEMP_ADMIN = { firstName: 'Kiran', lastName: 'Vora', contactPhone: '8325550177' };

/** The back-office accounts of DESIGN §7; the temporary one is valid 30 days either side of today. */
export function buildAdminAccounts(ctx: TSeedContext, passwordHash: string): TNewAdminAccountRow[] {
  const longAgo = ctx.momentOn(addDays(ctx.today, -500));
  const tempFrom = addDays(ctx.today, -30);
  const tempCreatedAt = ctx.momentOn(tempFrom);
  return [
    {
      email: DEMO_ADMIN_EMAIL,
      passwordHash,
      firstName: 'Harish',
      lastName: 'Amin',
      kind: 'ga',
      createdAt: longAgo,
      updatedAt: longAgo,
    },
    {
      email: DEMO_SUPER_EMAIL,
      passwordHash,
      firstName: 'Meera',
      lastName: 'Desai',
      kind: 'su',
      createdAt: longAgo,
      updatedAt: longAgo,
    },
    {
      email: DEMO_TEMP_ADMIN_EMAIL,
      passwordHash,
      firstName: TEMP_ADMIN.firstName,
      lastName: TEMP_ADMIN.lastName,
      kind: 'ga',
      isStaff: true,
      validityFrom: tempFrom,
      validityTo: addDays(ctx.today, 30),
      createdAt: tempCreatedAt,
      updatedAt: tempCreatedAt,
    },
  ];
}

/** The temporary admin's board entry, linked to its account. */
export function buildTempAdminBoardMember(account: {
  id: number;
  validityFrom: string | null;
  validityTo: string | null;
  createdAt: Date;
}): TNewBoardMemberRow {
  return {
    ...TEMP_ADMIN,
    email: DEMO_TEMP_ADMIN_EMAIL,
    memberBoardType: 'Temp Admin',
    adminAccountId: account.id,
    validityFrom: account.validityFrom,
    validityTo: account.validityTo,
    createdAt: account.createdAt,
    updatedAt: account.createdAt,
  };
}

const EXTRA_TRUSTEES = 2;

/**
 * The nine officers of the Leadership page (President ... two Executive Committee members, and a
 * ninth without a role shown), plus two trustees who are not on the page. All serve a two-year
 * term that began this January.
 */
export function buildOfficers(
  ctx: TSeedContext,
  families: readonly TInsertedFamily[],
): TNewBoardMemberRow[] {
  const roles: (string | null)[] = [...LEADERSHIP_ROLES, 'Executive Committee', null];
  const candidates = ctx.random.shuffle(
    families.filter(
      (family) =>
        family.standing === 'active' &&
        family.member.email !== DEMO_MEMBER_EMAIL &&
        ['GM', 'LM', 'SR'].includes(family.prefix),
    ),
  );
  const termStart = ctx.yearStart;
  const termEnd = `${yearOf(ctx.yearStart) + 1}-12-31`;
  const createdAt = ctx.momentOn(termStart);
  return candidates.slice(0, roles.length + EXTRA_TRUSTEES).map((family, index) => {
    const onLeadershipPage = index < roles.length;
    return {
      firstName: family.member.firstName,
      lastName: family.member.lastName,
      email: family.member.email,
      contactPhone: family.member.contactPhone ?? '',
      memberBoardType: index < roles.length - 1 ? 'Excecutive Member' : 'Trustee',
      memberId: family.memberId,
      leadershipRole: onLeadershipPage ? roles[index] : null,
      leadershipOrder: onLeadershipPage ? index + 1 : null,
      validityFrom: termStart,
      validityTo: termEnd,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
