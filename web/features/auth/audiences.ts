/**
 * Two kinds of people sign in: administrators (global admin, super user, temporary admin) on
 * /auth/login and members on /auth/memberlogin (spec 01 §6). Each has its own sign-in, reset
 * and token look-up calls; this table keeps every screen using the same pair.
 */
export const AUDIENCES = ['admin', 'member'] as const;
export type TAudience = (typeof AUDIENCES)[number];

export function isAudience(value: string | undefined): value is TAudience {
  return (AUDIENCES as readonly (string | undefined)[]).includes(value);
}

export const AUDIENCE_ROUTES: Record<TAudience, { signIn: string; forgot: string }> = {
  admin: { signIn: '/auth/login', forgot: '/auth/forgot/admin' },
  member: { signIn: '/auth/memberlogin', forgot: '/auth/forgot/member' },
};
