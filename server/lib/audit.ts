/**
 * The audit log (spec 02 §2.6): who did what, from where, when. Every module writes its own
 * create/update/delete here, in the same transaction as the change, so the log never claims a
 * change that rolled back:
 *
 *   await writeAudit(tx, request, { message: `Deleted member ${id}` });
 *
 * The actor is the request's signed-in caller (or 'Anonymous'); pass `actor` when the request
 * acts for someone not yet signed in, e.g. a sign-in or a buyer's e-mail.
 */
import type { FastifyRequest } from 'fastify';
import { GLOBAL_ADMIN_LABEL, type TAuditUserType } from '../../domain/contracts/logs';
import { carriedWrite } from '../db/built-query';
import type { TDbOrTx } from '../db/client';
import { auditLogs } from '../db/schema';
import type { TRole } from './access';
import type { TPrincipal } from './auth';

export interface TAuditActor {
  user: string;
  email: string;
  userType: TAuditUserType;
  ipAddress: string;
}

/** Everything an entry needs besides its message, for code that runs without a request. */
export interface TAuditContext {
  actor: TAuditActor;
  method: string;
  at: Date;
}

export interface TAuditEntry {
  message: string;
  /** The HTTP method shown as method_type; defaults to the request's. */
  method?: string;
  /** Who acted, when not the request's signed-in caller. */
  actor?: TAuditActor;
}

const USER_TYPE_BY_ROLE: Record<TRole, TAuditUserType> = {
  member: 'Member',
  tempadmin: 'Temp Admin',
  admin: 'Global Admin',
  super: 'Super User',
};

/** Longer text is cut: the filter's trigram index and the screen need no novels. */
const MESSAGE_MAX = 1000;

export function auditActorOf(
  principal: Pick<TPrincipal, 'role' | 'name' | 'email'> | null,
  ipAddress: string,
): TAuditActor {
  if (!principal) return anonymousActor('', ipAddress);
  return {
    user: principal.role === 'admin' ? GLOBAL_ADMIN_LABEL : principal.name,
    email: principal.email,
    userType: USER_TYPE_BY_ROLE[principal.role],
    ipAddress,
  };
}

/** Someone not signed in; `email` is what they gave (the address a failed sign-in tried). */
export function anonymousActor(email: string, ipAddress: string): TAuditActor {
  return { user: '', email, userType: 'Anonymous', ipAddress };
}

export function auditContextOf(request: FastifyRequest, actor?: TAuditActor): TAuditContext {
  return {
    actor: actor ?? auditActorOf(request.principal, request.ip),
    method: request.method,
    at: request.server.ctx.clock.now(),
  };
}

export async function writeAudit(
  db: TDbOrTx,
  who: FastifyRequest | TAuditContext,
  entry: TAuditEntry,
): Promise<void> {
  await insertAuditRow(db, auditRow(who, entry));
}

const insertAuditRow = carriedWrite((db, row: typeof auditLogs.$inferInsert) =>
  db.insert(auditLogs).values(row),
);

/** The row an entry becomes, for a statement that writes it beside other changes (sign-in). */
export function auditRow(who: FastifyRequest | TAuditContext, entry: TAuditEntry) {
  const context = 'actor' in who && 'at' in who ? who : auditContextOf(who, entry.actor);
  const actor = entry.actor ?? context.actor;
  return {
    user: actor.user,
    email: actor.email,
    userType: actor.userType,
    ipAddress: actor.ipAddress,
    methodType: entry.method ?? context.method,
    loggerMessage: entry.message.slice(0, MESSAGE_MAX),
    createdAt: context.at,
  };
}
