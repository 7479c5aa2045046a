/**
 * Who may call a route (DESIGN §3c). Every /api route declares `config.allow`; a route without it
 * makes the app refuse to start, so no route is ever open by accident.
 *
 * Roles: `member` (a member session), `tempadmin` (a staff admin inside its validity window),
 * `admin` (global admin), `super` (super user).
 */
export const ROLES = ['member', 'tempadmin', 'admin', 'super'] as const;
export type TRole = (typeof ROLES)[number];
export type TAllow = 'public' | readonly TRole[];

export const ALLOW = {
  public: 'public',
  signedIn: ['member', 'tempadmin', 'admin', 'super'],
  members: ['member'],
  staff: ['tempadmin', 'admin', 'super'],
  memberOrStaff: ['member', 'tempadmin', 'admin', 'super'],
  admins: ['admin', 'super'],
  superUser: ['super'],
} as const satisfies Record<string, TAllow>;

declare module 'fastify' {
  interface FastifyContextConfig {
    allow?: TAllow;
  }
}
