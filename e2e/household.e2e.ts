/**
 * Journey of household sign-in (issue 15): a family of its own joins through the API, its main
 * member invites the spouse from the family page and lets them buy member tickets; the spouse
 * opens the e-mailed invitation, chooses a password, is signed in to the family and buys a
 * member ticket on the mock checkout. Axe scans every screen on the way.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '../domain/contracts/events';
import type { TPlan } from '../domain/contracts/plans';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import { baseUrl, expectAccessible, launchBrowser, openRoute, signInThroughForm } from './browser';
import { linkMailedTo } from './written-mail';
import { callApi as api } from './server-api';

const stamp = Date.now();
const MAIN = { email: `meera.${stamp}@example.org`, password: 'household-main-26' };
const SPOUSE = {
  first: 'Vikram',
  email: `vikram.${stamp}@example.org`,
  password: 'household-sp-26',
};

/** A dependent of 18 or more: joins without an e-mail, which the main member adds later. */
const GROWN = { name: 'Anika Household', email: `anika.${stamp}@example.org` };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A visitor of their own: a fresh context at phone width, in the association's time zone. */
async function freshTab(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
  });
  contexts.push(context);
  const tab = await context.newPage();
  tab.setDefaultTimeout(15_000);
  return tab;
}

/** The family of this journey joins (a paid registration with a spouse), as a visitor would. */
async function registerFamily(): Promise<void> {
  const plans = await api<TPlan[]>('/memberplan');
  const plan = plans.find((candidate) => candidate.MembershipType === 'Family Membership');
  if (!plan) throw new Error('The demo data has no Family Membership plan.');
  const started = await api<{ transactionID: string }>('/checkout', {
    method: 'POST',
    body: {
      kind: 'registration',
      planId: plan.id,
      member: {
        MemberFirstName: 'Meera',
        MemberLastName: 'Household',
        email: MAIN.email,
        password: MAIN.password,
        contactPhone: '3125550177',
        street: '401 N Michigan Ave',
        city: 'Chicago',
        state: 'IL',
        zipcode: '60611',
        dateOfBirth: '1984-03-02',
      },
      spouse: {
        spouseFirstName: SPOUSE.first,
        spouseLastName: 'Household',
        spouseemail: SPOUSE.email,
        spousedateOfBirth: '1982-07-19',
      },
      dependents: [{ name: GROWN.name, dateOfBirth: '2004-05-01' }],
    },
  });
  await api(`/payments/mock/${started.transactionID}/confirm`, {
    method: 'POST',
    body: { cardNumber: MOCK_TEST_CARDS.pays, expiry: '12/30', cvc: '123' },
  });
}

/** A coming event the new family may buy a member ticket for. */
async function eventForMembers(): Promise<TEvent> {
  const signIn = await api<{ authToken: string; user: { MemberId: number } }>('/memlogin', {
    method: 'POST',
    body: { email: MAIN.email, password: MAIN.password },
  });
  const events = await api<TEvent[]>('/currentupcomingevent');
  for (const event of events) {
    const { maxticket } = await api<{ maxticket: number }>(
      `/nonmember/maxticket/${event.id}/${signIn.user.MemberId}`,
      { token: signIn.authToken },
    );
    if (maxticket > 0) return event;
  }
  throw new Error('No coming event leaves the new family a member ticket to buy.');
}

const signIn = (tab: Page, email: string, password: string) =>
  signInThroughForm(tab, '/auth/memberlogin', email, password);

describe('household sign-in', () => {
  it('the main member invites the spouse, who accepts, signs in and buys a member ticket', async () => {
    await registerFamily();
    const event = await eventForMembers();

    // The main member gives the grown dependent an e-mail, then invites the spouse
    const main = await freshTab();
    await signIn(main, MAIN.email, MAIN.password);
    await openRoute(main, '/add');
    await main.getByRole('heading', { name: "Dependents' e-mails" }).waitFor();
    await main.getByRole('textbox', { name: `E-mail of ${GROWN.name}` }).fill(GROWN.email);
    await main.getByRole('button', { name: 'Save e-mail' }).click();
    await main.getByText('The e-mail is saved.').waitFor();
    await expectAccessible(main);
    await openRoute(main, '/family');
    await main.getByRole('button', { name: `Invite ${GROWN.name}` }).waitFor();
    await main.getByRole('heading', { name: 'Household sign-in' }).waitFor();
    await expectAccessible(main);
    await main.getByRole('button', { name: `Invite ${SPOUSE.first}` }).click();
    await main.getByText(`The invitation is on its way to ${SPOUSE.email}.`).waitFor();
    await main.getByText('Invited', { exact: true }).waitFor();
    await expectAccessible(main);

    // The spouse opens the e-mailed link and chooses a password
    const link = await linkMailedTo(
      SPOUSE.email,
      /https?:\/\/\S+#\/household\/accept\/[A-Za-z0-9_-]+/,
    );
    expect(link.startsWith(`${baseUrl()}/#/household/accept/`)).toBe(true);
    const spouse = await freshTab();
    await spouse.goto(link);
    await spouse.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
    await spouse.getByRole('heading', { name: 'Your own sign-in' }).waitFor();
    await expectAccessible(spouse);
    await spouse.getByRole('textbox', { name: 'New password', exact: true }).fill(SPOUSE.password);
    await spouse
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill(SPOUSE.password);
    await spouse.getByRole('button', { name: 'Set password and sign in' }).click();
    await spouse.waitForURL(/#\/family$/);
    await spouse
      .getByText("You are signed in to your family's membership with your own sign-in.")
      .waitFor();
    await spouse.getByText('Only the main member buys member tickets.').waitFor();
    await expectAccessible(spouse);

    // The main member, coming back to the family page, lets the spouse buy member tickets
    await main.reload();
    await main.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
    await main.getByText('Signs in', { exact: true }).waitFor();
    await main.getByRole('switch', { name: 'May buy member tickets' }).click();
    await main.getByText('The permissions are saved.').waitFor();
    await expectAccessible(main);

    // The spouse signs in with their own e-mail and buys a member ticket
    const again = await freshTab();
    await signIn(again, SPOUSE.email, SPOUSE.password);
    await openRoute(again, `/viewevent/${event.id}`);
    await again.getByText(/Your family may buy up to \d+ more member tickets/).waitFor();
    await expectAccessible(again);
    await again.getByRole('button', { name: 'Review and pay' }).click();
    await again.getByRole('heading', { level: 1, name: 'Checkout ticket member' }).waitFor();
    await expectAccessible(again);
    await again.getByRole('button', { name: 'Continue to payment' }).click();
    await again.waitForURL(/#\/checkout\/mock\//);
    await again.getByLabel('Card number').fill(MOCK_TEST_CARDS.pays);
    await again.getByLabel('Expiry (MM/YY)').fill('12/30');
    await again.getByLabel('CVC').fill('123');
    await again.getByRole('button', { name: /^Pay / }).click();
    await again.waitForURL(/#\/success\/member-ticket\?/);
    await again.getByRole('heading', { level: 1, name: /Event Payment Successfull$/ }).waitFor();
    await expectAccessible(again);
  });
});
