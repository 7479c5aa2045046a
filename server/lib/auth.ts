/**
 * Who is calling, as every route and service sees it. The auth plugin (./auth-plugin.ts) fills
 * `request.principal` from the bearer token and enforces each route's `config.allow`; the helpers
 * here are for the finer checks a route's rule cannot express (whose member record it is).
 */
import type { FastifyRequest } from 'fastify';
import type { TSessionKind } from '../../domain/constants';
import type { TRole } from './access';
import { forbidden, unauthenticated } from './errors';

export interface TPrincipal {
  sessionId: number;
  /** The session's kind: 'ga' (global or temporary admin), 'su' (super user), 'mem' (member). */
  kind: TSessionKind;
  role: TRole;
  /** admin_accounts.id for 'ga'/'su', members.id for 'mem'. */
  subjectId: number;
  email: string;
  /** First and last name joined. */
  name: string;
  /** The admin account's is_staff flag: true for a temporary admin. Members: false. */
  isStaff: boolean;
  /**
   * Set when another adult of the family (spouse, grown dependent) is signed in with their own
   * household sign-in: `subjectId` is still the family's member id, so every "own family" check
   * holds; what they may change is limited to the rights the main member gave them.
   */
  household?: THouseholdRights;
}

export interface THouseholdRights {
  /** household_accounts.id */
  accountId: number;
  mayEditFamily: boolean;
  mayBuyTickets: boolean;
}

/** What a household adult may do beyond seeing the family: `main` is the main member's alone. */
export type THouseholdRight = 'editFamily' | 'buyTickets' | 'main';

const HOUSEHOLD_REFUSALS: Record<THouseholdRight, string> = {
  editFamily: 'The main member has not allowed you to edit the family details.',
  buyTickets: 'The main member has not allowed you to buy member tickets.',
  main: 'Only the main member of the family may do this.',
};

/**
 * 403 when a household adult lacks `right`; the main member and staff always pass. Call it after
 * the family check (assertMemberAccess / memberIdFor) in every route that changes a family.
 */
export function assertHouseholdRight(principal: TPrincipal | null, right: THouseholdRight): void {
  const household = principal?.household;
  if (!household) return;
  const granted: Record<THouseholdRight, boolean> = {
    editFamily: household.mayEditFamily,
    buyTickets: household.mayBuyTickets,
    main: false,
  };
  if (!granted[right]) throw forbidden(HOUSEHOLD_REFUSALS[right]);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for an anonymous caller, or when the token is unknown, expired or revoked. */
    principal: TPrincipal | null;
  }
}

/** The role an account has: a global admin account with staff status is a temporary admin. */
export function roleOf(kind: 'ga' | 'su', isStaff: boolean): Exclude<TRole, 'member'>;
export function roleOf(kind: TSessionKind, isStaff: boolean): TRole;
export function roleOf(kind: TSessionKind, isStaff: boolean): TRole {
  if (kind === 'mem') return 'member';
  if (kind === 'su') return 'super';
  return isStaff ? 'tempadmin' : 'admin';
}

/** Temporary admins, global admins and super users: everyone who works on any member's record. */
export function isStaffRole(role: TRole): boolean {
  return role !== 'member';
}

/** The signed-in caller; 401 when there is none (for routes whose rule also admits 'public'). */
export function requirePrincipal(request: FastifyRequest): TPrincipal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

const NOT_YOUR_MEMBERSHIP_MESSAGE = 'You may only see or change your own membership.';

/**
 * A member may only touch their own member id; staff may touch any (DESIGN §3c). Call it first
 * in every member-scoped route or service, with the member id the request is about.
 */
export function assertMemberAccess(principal: TPrincipal | null, memberId: number): TPrincipal {
  if (!principal) throw unauthenticated();
  if (principal.role === 'member' && principal.subjectId !== memberId) {
    throw forbidden(NOT_YOUR_MEMBERSHIP_MESSAGE);
  }
  return principal;
}

/** Throws 403 unless the caller has one of `roles` (for a rule inside a route, e.g. by kind). */
export function assertRole(principal: TPrincipal | null, roles: readonly TRole[]): TPrincipal {
  if (!principal) throw unauthenticated();
  if (!roles.includes(principal.role)) throw forbidden();
  return principal;
}
