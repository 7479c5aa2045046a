/**
 * The route-access matrix (DESIGN §3c): every /api route the app really has, called by every kind
 * of caller. A caller the route's `allow` leaves out gets 401 (anonymous) or 403 (signed in); a
 * caller it admits never does. The table is read from the live app, so a new route is covered
 * the moment it is registered.
 */
import { asc, eq, ne } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TRole } from './lib/access';
import type { TRouteAccess } from './lib/auth-plugin';
import { members } from './db/schema';
import { bearer, createSeededApp, DEMO, tokenOf, type TCaller } from './modules/auth/auth-test-kit';

interface TMatrixCaller {
  label: string;
  role: TRole | null;
  /** The member id a member caller owns; path parameters are filled with it. */
  memberId?: number;
  token(): Promise<string | null>;
}

const t = await createSeededApp();
afterAll(async () => {
  await t.close();
});

const [otherMember] = await t.database.db
  .select({ id: members.id, email: members.email })
  .from(members)
  .where(ne(members.email, DEMO.member))
  .orderBy(asc(members.id))
  .limit(1);
const [demoMember] = await t.database.db
  .select({ id: members.id })
  .from(members)
  .where(eq(members.email, DEMO.member));

/** Signs in once and reuses the token; `fresh` gives a throwaway session (for sign-out). */
function signedIn(caller: TCaller, email?: string) {
  let cached: string | undefined;
  return async (fresh = false) => {
    if (fresh) return tokenOf(t, caller, { email });
    cached ??= await tokenOf(t, caller, { email });
    return cached;
  };
}

const sessions = {
  member: signedIn('member'),
  otherMember: signedIn('member', otherMember.email),
  temp: signedIn('temp'),
  admin: signedIn('admin'),
  super: signedIn('super'),
};

const CALLERS: Array<TMatrixCaller & { fresh?: () => Promise<string> }> = [
  { label: 'anonymous', role: null, token: async () => null },
  {
    label: 'member',
    role: 'member',
    memberId: demoMember.id,
    token: () => sessions.member(),
    fresh: () => sessions.member(true),
  },
  {
    label: 'another member',
    role: 'member',
    memberId: otherMember.id,
    token: () => sessions.otherMember(),
    fresh: () => sessions.otherMember(true),
  },
  {
    label: 'temporary admin',
    role: 'tempadmin',
    token: () => sessions.temp(),
    fresh: () => sessions.temp(true),
  },
  {
    label: 'global admin',
    role: 'admin',
    token: () => sessions.admin(),
    fresh: () => sessions.admin(true),
  },
  {
    label: 'super user',
    role: 'super',
    token: () => sessions.super(),
    fresh: () => sessions.super(true),
  },
];

/** An id no seeded row has: staff calls then touch nothing (404 or 400), whatever the route does. */
const UNUSED_ID = '987654';

function fillPath(url: string, id: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, id).replace(/\*$/, 'x');
}

/**
 * The ids a caller tries: staff an unused one; a member their own member id first (a path may
 * be theirs to reach), then the unused one (a path may name some other row). The rule does not
 * depend on ids, so an admitted member gets past it with one of them and a refused one with
 * neither.
 */
function idsFor(caller: TMatrixCaller): string[] {
  return caller.memberId === undefined ? [UNUSED_ID] : [String(caller.memberId), UNUSED_ID];
}

function isAllowed(route: TRouteAccess, role: TRole | null): boolean {
  if (route.allow === 'public') return true;
  return role !== null && route.allow.includes(role);
}

/** Sign-out ends the session it is called with, so it gets a throwaway one. */
const endsSession = (route: TRouteAccess) => route.method === 'POST' && route.url === '/api/logs/';

async function call(route: TRouteAccess, caller: (typeof CALLERS)[number], url: string) {
  const token = endsSession(route) && caller.fresh ? await caller.fresh() : await caller.token();
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

const routes = t.app.routeAccess.filter((route) => route.url.startsWith('/api/'));

describe('the live route table', () => {
  it('holds the routes of this issue, each with its rule', () => {
    const table = new Map(routes.map((route) => [`${route.method} ${route.url}`, route.allow]));
    expect(table.get('POST /api/user/signin')).toBe('public');
    expect(table.get('GET /api/logs/')).toEqual(['admin', 'super']);
    expect(table.get('POST /api/user/gshsignup')).toEqual(['super']);
    expect(table.get('GET /api/user/accTokenmem/:id')).toEqual(['member']);
    // The member list (issue 10): a member gets their own row; deleting is for admins only
    expect(table.get('POST /api/listMember')).toEqual(['member', 'tempadmin', 'admin', 'super']);
    expect(table.get('DELETE /api/memberupdate/:id')).toEqual(['admin', 'super']);
    expect(table.get('PUT /api/memberUpdateLimited/:id')).toEqual(['tempadmin', 'admin', 'super']);
    expect(table.get('PUT /api/memberPaymentLimited/:id')).toEqual([
      'member',
      'tempadmin',
      'admin',
      'super',
    ]);
    // Board members (DESIGN §3c): temporary admins list, admins manage; Leadership and images are public
    expect(table.get('GET /api/memberBoard')).toEqual(['tempadmin', 'admin', 'super']);
    expect(table.get('GET /api/boardemailtempadmin/:email')).toEqual([
      'tempadmin',
      'admin',
      'super',
    ]);
    expect(table.get('GET /api/memberBoard/members')).toEqual(['admin', 'super']);
    expect(table.get('POST /api/memberBoard')).toEqual(['admin', 'super']);
    expect(table.get('PUT /api/memberBoard/:id')).toEqual(['admin', 'super']);
    expect(table.get('DELETE /api/memberBoard/:id')).toEqual(['admin', 'super']);
    expect(table.get('GET /api/leadership')).toBe('public');
    expect(table.get('GET /api/images/:id/:size')).toBe('public');
    // Mail to members (issue 11): staff, never members
    expect(table.get('POST /api/memmail')).toEqual(['tempadmin', 'admin', 'super']);
    expect(table.get('GET /api/memmail/suggestions')).toEqual(['tempadmin', 'admin', 'super']);
    // The dashboard's charts (issue 11): staff, temporary admins included
    expect(table.get('GET /api/memchart')).toEqual(['tempadmin', 'admin', 'super']);
    expect(table.get('GET /api/allchart')).toEqual(['tempadmin', 'admin', 'super']);
    // Renewal reminders (issue 15): the link's token is its own credential; staff see who was
    // reminded, admins may send the due reminders at once
    expect(table.get('POST /api/renewal-link')).toBe('public');
    expect(table.get('GET /api/renewal-reminders')).toEqual(['tempadmin', 'admin', 'super']);
    expect(table.get('POST /api/renewal-reminders/run')).toEqual(['admin', 'super']);
    // Donations (issue 15): anyone gives; staff see the report; only admins mail the statements
    expect(table.get('POST /api/donations/record')).toBe('public');
    expect(table.get('POST /api/donationreport')).toEqual(['tempadmin', 'admin', 'super']);
    expect(table.get('GET /api/donationreportdownload/:start/:end')).toEqual([
      'tempadmin',
      'admin',
      'super',
    ]);
    expect(table.get('GET /api/donations/statements/:year')).toEqual(['admin', 'super']);
    expect(table.get('POST /api/donations/statements')).toEqual(['admin', 'super']);
    // Household sign-in (issue 15): a family's own adults; the link that sets a password is public
    expect(table.get('GET /api/household/')).toEqual(['member']);
    expect(table.get('POST /api/household/invite')).toEqual(['member']);
    expect(table.get('POST /api/household/accept/:token')).toBe('public');
    expect(table.get('PUT /api/household/mail')).toEqual(['member']);
    expect(table.get('PUT /api/household/:id')).toEqual(['member']);
    expect(table.get('DELETE /api/household/:id')).toEqual(['member']);
    // Refunds (issue 15): admins and super users; temporary admins only see them
    expect(table.get('POST /api/payments/:transactionID/refunds')).toEqual(['admin', 'super']);
    expect(table.get('POST /api/event/:id/refundbuyers')).toEqual(['admin', 'super']);
    // Offline (cash, cheque) payments (issue 15): global admins and super users, not temporary admins
    expect(table.get('POST /api/payments/offline')).toEqual(['admin', 'super']);
    expect(table.get('POST /api/payments/offline/quote')).toEqual(['admin', 'super']);
  });
});

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s',
  (_name, route) => {
    it.each(CALLERS.map((caller) => [caller.label, caller] as const))(
      'as %s',
      async (_label, caller) => {
        let response = await call(route, caller, fillPath(route.url, idsFor(caller)[0]));
        for (const id of idsFor(caller).slice(1)) {
          if (![401, 403].includes(response.statusCode)) break;
          response = await call(route, caller, fillPath(route.url, id));
        }
        if (isAllowed(route, caller.role)) {
          expect(
            [401, 403],
            `${caller.label} is allowed but got ${response.statusCode}: ${response.body}`,
          ).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, response.body).toBe(caller.role === null ? 401 : 403);
        }
      },
    );
  },
);

const memberOwned = routes.filter((route) => route.memberParam && isAllowed(route, 'member'));

describe.each(memberOwned.map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s (member-owned path)',
  (_name, route) => {
    it("refuses another member's id with 403", async () => {
      const intruder = CALLERS[2];
      const url = route.url
        .replace(`:${route.memberParam}`, String(demoMember.id))
        .replace(/:[A-Za-z0-9_]+/g, '1');
      const response = await call(route, intruder, url);
      expect(response.statusCode, response.body).toBe(403);
    });
  },
);
