import { asc, eq, ne } from 'drizzle-orm';
import { members } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, tokenOf } from '../auth/auth-test-kit';

/** A seeded app with the callers the member tests use: staff, the demo member and another member. */
export interface TMembersFixture {
  t: TTestApp;
  admin: string;
  temp: string;
  member: string;
  ownId: number;
  other: { id: number; email: string };
}

export async function openMembersFixture(): Promise<TMembersFixture> {
  const t = await createSeededApp();
  const [admin, temp, member] = await Promise.all([
    tokenOf(t, 'admin'),
    tokenOf(t, 'temp'),
    tokenOf(t, 'member'),
  ]);
  const [own] = await t.database.db
    .select()
    .from(members)
    .where(eq(members.email, 'member@example.org'));
  const [someone] = await t.database.db
    .select()
    .from(members)
    .where(ne(members.id, own.id))
    .orderBy(asc(members.id))
    .limit(1);
  return { t, admin, temp, member, ownId: own.id, other: { id: someone.id, email: someone.email } };
}

export function callAs(
  t: TTestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
}
