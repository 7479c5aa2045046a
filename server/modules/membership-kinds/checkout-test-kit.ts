/**
 * What the membership checkout tests share: a seeded app with payments, the demo callers, and
 * short ways to start a checkout and pay it with the mock provider's test card. Test-only.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TFamilyRecord } from '../../../domain/contracts/family';
import type { TRegistrationCheckout } from '../../../domain/contracts/members';
import type { TPlan } from '../../../domain/contracts/plans';
import { members } from '../../db/schema';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import { bearer, createSeededApp, tokenOf } from '../auth/auth-test-kit';

export const PAYING_CARD = { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

export interface TMembershipApp {
  t: TTestApp;
  admin: string;
  temp: string;
  member: string;
  /** member@example.org's id. */
  ownId: number;
  gm: TPlan;
  im: TPlan;
}

export async function openMembershipApp(): Promise<TMembershipApp> {
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
  const plans: TPlan[] = (await t.app.inject({ url: '/api/memberplan' })).json();
  const plan = (prefix: string) => plans.find((p) => p.prefix === prefix) as TPlan;
  return { t, admin, temp, member, ownId: own.id, gm: plan('GM'), im: plan('IM') };
}

/** Starts a checkout from an address of its own, as a different visitor would (see payments-test-kit). */
export function startCheckout(
  t: TTestApp,
  body: object,
  token: string | null = null,
  remoteAddress = nextClientAddress(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: token ? bearer(token) : {},
    payload: body,
    remoteAddress,
  });
}

/** Pays with the test card that is accepted; the answer's successUrl is '#/<screen>?<params>'. */
export async function payCheckout(t: TTestApp, transactionID: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/mock/${transactionID}/confirm`,
    payload: PAYING_CARD,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: string; successUrl: string };
}

/** The success screen's path and query parameters. */
export function successScreen(successUrl: string): {
  path: string;
  params: Record<string, string>;
} {
  const url = new URL(successUrl.replace(/^.*#/, ''), 'http://x');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

export async function familyRecord(
  t: TTestApp,
  token: string,
  memberId: number,
): Promise<TFamilyRecord> {
  const response = await t.app.inject({
    url: `/api/membersfamilylist/${memberId}`,
    headers: bearer(token),
  });
  return response.json().memberfamily[0];
}

export async function isEmailAvailable(t: TTestApp, email: string): Promise<boolean> {
  return (await t.app.inject({ url: `/api/membercheckemail/${email}` })).json().available;
}

/** A family of four joining plan `planId`. */
export function registrationBody(
  planId: number,
  email: string,
  overrides: Partial<TRegistrationCheckout> = {},
): TRegistrationCheckout {
  return {
    kind: 'registration',
    planId,
    member: {
      MemberFirstName: 'Meera',
      MemberLastName: 'Desai',
      email,
      password: 'joining-2026',
      contactPhone: '(713) 555-0111',
      street: '1 Bellaire Blvd',
      city: 'Houston',
      state: 'TX',
      zipcode: '77036',
      dateOfBirth: '1984-06-01',
    },
    spouse: { spouseFirstName: 'Vikram', spouseLastName: 'Desai', spousedateOfBirth: '1982-09-12' },
    dependents: [
      { name: 'Isha Desai', dateOfBirth: '2014-03-02' },
      { name: 'Rohan Desai', dateOfBirth: '2017-11-20' },
    ],
    ...overrides,
  };
}
