/**
 * Admin accounts (`gshsignup`): global admins, super users and temporary admins, managed by a
 * super user only (DESIGN §3c). Every create and update is logged; a change that takes rights
 * away (new password, deactivation, another kind) ends the account's sessions at once.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  adminAccountProblems,
  type TAdminAccount,
  type TAdminAccountCreate,
  type TAdminAccountUpdate,
} from '../../../domain/contracts/auth';
import type { TTx } from '../../db/client';
import { adminAccounts, type TAdminAccountRow } from '../../db/schema';
import { auditActorOf, writeAudit } from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import { isUniqueViolation } from '../../lib/database-errors';
import type { TAppContext } from '../../lib/context';
import { conflict, invalid, notFound } from '../../lib/errors';
import { presentAdminAccount } from './accounts';
import type { TRequestOrigin } from './origin';
import { hashPassword } from './passwords';
import { revokeSessionsOf } from './sessions';

export const EMAIL_TAKEN_MESSAGE = 'An admin account with this e-mail already exists.';
export const LAST_SUPER_USER_MESSAGE = 'At least one active super user must remain.';

const KIND_LABEL = { ga: 'global admin', su: 'super user' } as const;

function describe(account: Pick<TAdminAccountRow, 'email' | 'kind' | 'isStaff'>): string {
  return `${account.email} (${account.isStaff ? 'temporary admin' : KIND_LABEL[account.kind]})`;
}

export async function listAdminAccounts(ctx: TAppContext): Promise<TAdminAccount[]> {
  const rows = await ctx.db.select().from(adminAccounts).orderBy(asc(adminAccounts.id));
  return rows.map(presentAdminAccount);
}

function assertConsistent(input: Parameters<typeof adminAccountProblems>[0]): void {
  const problems = adminAccountProblems(input);
  if (Object.keys(problems).length > 0) throw invalid('Some fields are not valid.', problems);
}

/** 409 when another admin account has this e-mail (any case); also used for board Temp Admins. */
export async function assertEmailFree(tx: TTx, email: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: adminAccounts.id })
    .from(adminAccounts)
    .where(
      and(
        eq(sql`lower(${adminAccounts.email})`, email.toLowerCase()),
        exceptId === undefined ? undefined : ne(adminAccounts.id, exceptId),
      ),
    );
  if (taken) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

/** Two super users saving one address at the same instant both pass the check; the index decides. */
function rethrowEmailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  throw error;
}

type TAccountFields = Omit<TAdminAccountUpdate, 'password'>;

function columnsOf(input: TAccountFields) {
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName ?? '',
    kind: input.kind,
    isStaff: input.is_staff ?? false,
    validityFrom: input.validityFrom ?? null,
    validityTo: input.validityTo ?? null,
    isActive: input.is_active ?? true,
  };
}

function auditContext(principal: TPrincipal, origin: TRequestOrigin, method: string, at: Date) {
  return { actor: auditActorOf(principal, origin.ip), method, at };
}

export async function createAdminAccount(
  ctx: TAppContext,
  principal: TPrincipal,
  input: TAdminAccountCreate,
  origin: TRequestOrigin,
): Promise<TAdminAccount> {
  const columns = columnsOf(input);
  assertConsistent({ ...columns, is_staff: columns.isStaff });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db
    .transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const [row] = await tx
        .insert(adminAccounts)
        .values({ ...columns, passwordHash, createdAt: now, updatedAt: now })
        .returning();
      await writeAudit(tx, auditContext(principal, origin, 'POST', now), {
        message: `Created admin account ${describe(row)}`,
      });
      return presentAdminAccount(row);
    })
    .catch(rethrowEmailTaken);
}

/** Refuses to demote or deactivate the last active super user: nobody could manage accounts. */
async function assertSuperUserRemains(
  tx: TTx,
  account: TAdminAccountRow,
  next: ReturnType<typeof columnsOf>,
) {
  const losesSuper =
    account.kind === 'su' && account.isActive && (next.kind !== 'su' || !next.isActive);
  if (!losesSuper) return;
  const [other] = await tx
    .select({ id: adminAccounts.id })
    .from(adminAccounts)
    .where(
      and(
        eq(adminAccounts.kind, 'su'),
        eq(adminAccounts.isActive, true),
        ne(adminAccounts.id, account.id),
      ),
    )
    .limit(1);
  if (!other) throw conflict(LAST_SUPER_USER_MESSAGE);
}

export async function updateAdminAccount(
  ctx: TAppContext,
  principal: TPrincipal,
  id: number,
  input: TAdminAccountUpdate,
  origin: TRequestOrigin,
): Promise<TAdminAccount> {
  const columns = columnsOf(input);
  assertConsistent({ ...columns, is_staff: columns.isStaff });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = ctx.clock.now();
  return ctx.db
    .transaction(async (tx) => {
      // Locked so two super users editing at once cannot both pass the last-super-user check.
      const [account] = await tx
        .select()
        .from(adminAccounts)
        .where(eq(adminAccounts.id, id))
        .for('update');
      if (!account) throw notFound('admin account');
      await assertEmailFree(tx, input.email, id);
      await assertSuperUserRemains(tx, account, columns);
      const [row] = await tx
        .update(adminAccounts)
        .set({ ...columns, ...(passwordHash ? { passwordHash } : {}), updatedAt: now })
        .where(eq(adminAccounts.id, id))
        .returning();
      const losesAccess = Boolean(passwordHash) || !row.isActive || row.kind !== account.kind;
      if (losesAccess) {
        const own =
          principal.kind !== 'mem' && principal.subjectId === id && row.kind === account.kind;
        await revokeSessionsOf(
          tx,
          {
            kinds: ['ga', 'su'],
            subjectId: id,
            keepSessionId: own && row.isActive ? principal.sessionId : undefined,
          },
          now,
        );
      }
      const note = passwordHash ? '; password replaced' : '';
      await writeAudit(tx, auditContext(principal, origin, 'PUT', now), {
        message: `Updated admin account ${describe(row)}${note}`,
      });
      return presentAdminAccount(row);
    })
    .catch(rethrowEmailTaken);
}
