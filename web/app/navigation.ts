/**
 * The back office's navigation: one list, each entry naming who may see it (DESIGN §3c). The
 * server decides what each caller may do; this list only keeps screens out of sight that
 * would refuse the visitor anyway.
 */
import {
  IconCalendarEvent,
  IconCreditCard,
  IconFileAnalytics,
  IconHome,
  IconId,
  IconListDetails,
  IconMailFast,
  IconRefresh,
  IconShieldLock,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import type { TSessionKind } from '../../domain/constants';

export type TRole = 'member' | 'tempadmin' | 'admin' | 'super';

export interface TNavigationEntry {
  path: string;
  labelKey: ParseKeys;
  icon: Icon;
  roles: readonly TRole[];
}

const STAFF: readonly TRole[] = ['tempadmin', 'admin', 'super'];
const EVERYONE: readonly TRole[] = ['member', ...STAFF];
const FULL_ADMINS: readonly TRole[] = ['admin', 'super'];

export const NAVIGATION: readonly TNavigationEntry[] = [
  { path: '/', labelKey: 'nav.home', icon: IconHome, roles: EVERYONE },
  { path: '/member', labelKey: 'nav.members', icon: IconUsers, roles: EVERYONE },
  { path: '/family', labelKey: 'nav.family', icon: IconUsersGroup, roles: EVERYONE },
  { path: '/renewmember', labelKey: 'nav.renewMembership', icon: IconRefresh, roles: ['member'] },
  { path: '/events', labelKey: 'nav.manageEvents', icon: IconCalendarEvent, roles: STAFF },
  { path: '/listMemberBoard', labelKey: 'nav.boardMembers', icon: IconId, roles: STAFF },
  {
    path: '/addMemberBoard',
    labelKey: 'nav.addBoardMember',
    icon: IconUserPlus,
    roles: FULL_ADMINS,
  },
  { path: '/plans', labelKey: 'nav.plans', icon: IconCreditCard, roles: FULL_ADMINS },
  { path: '/reports', labelKey: 'nav.reports', icon: IconFileAnalytics, roles: STAFF },
  { path: '/reminders', labelKey: 'nav.reminders', icon: IconMailFast, roles: STAFF },
  { path: '/logs', labelKey: 'nav.logs', icon: IconListDetails, roles: FULL_ADMINS },
  { path: '/accounts', labelKey: 'nav.accounts', icon: IconShieldLock, roles: ['super'] },
];

/** Screens only the main member of a family uses; another adult's household sign-in never does. */
export const MAIN_MEMBER_PATHS: ReadonlySet<string> = new Set(['/renewmember']);

const ROLE_OF_SESSION: Record<TSessionKind, TRole> = { ga: 'admin', su: 'super', mem: 'member' };

/**
 * A global admin login of a board member with staff status is a temporary admin; that is
 * known only after the admin token check, so callers that know it pass `isTempAdmin`.
 */
export function rolesOf(kinds: readonly TSessionKind[], isTempAdmin = false): Set<TRole> {
  const roles = new Set(kinds.map((kind) => ROLE_OF_SESSION[kind]));
  if (isTempAdmin && roles.delete('admin')) roles.add('tempadmin');
  return roles;
}

export function navigationFor(roles: ReadonlySet<TRole>): TNavigationEntry[] {
  return NAVIGATION.filter((entry) => entry.roles.some((role) => roles.has(role)));
}
