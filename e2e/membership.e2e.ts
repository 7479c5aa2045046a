/**
 * Journeys of the "membership end to end" issue: a family joins on the Family plan and pays,
 * signs in and finds its four rows, renews (refused on the period it already has, then paid on
 * another plan), buys a dependent, deletes one, and an admin edits a plan through both
 * dependent-limit warnings to a saved change. Every page gets an axe scan.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlan } from '../domain/contracts/plans';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import {
  baseUrl,
  expectAccessible,
  inTableFrame,
  launchBrowser,
  openRoute,
  tableOverflow,
} from './browser';

const stamp = Date.now();
const FAMILY = {
  first: 'Kavya',
  last: `Shah${stamp % 100000}`,
  email: `kavya.${stamp}@example.org`,
  password: 'family-join-26',
  phoneTyped: '3125550142',
  phoneShown: '(312) 555-0142',
  spouse: { first: 'Nikhil', last: 'Shah' },
  dependents: [
    { name: 'Anika Shah', dateOfBirth: '2014-06-09', shown: 'Jun 9, 2014' },
    { name: 'Rohan Shah', dateOfBirth: '2017-02-21', shown: 'Feb 21, 2017' },
  ],
  extraDependent: { name: 'Tara Shah', dateOfBirth: '2022-10-05' },
};

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  // Well inside the test timeout, so a stuck step names itself instead of timing the test out.
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function activePlan(name: string): Promise<TPlan> {
  const plans = (await (await fetch(`${baseUrl()}/api/memberplan`)).json()) as TPlan[];
  const plan = plans.find((candidate) => candidate.MembershipType === name);
  if (!plan) throw new Error(`The demo data has no active plan named ${name}.`);
  return plan;
}

/** Pays the open mock checkout with the card that pays; the amount must be the one shown before. */
async function payOnMockPage(total: string, successPath: RegExp): Promise<void> {
  await page.waitForURL(/#\/checkout\/mock\//);
  await page.getByLabel('Card number').pressSequentially(MOCK_TEST_CARDS.pays.replaceAll(' ', ''));
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await page.waitForURL(successPath);
}

/**
 * Mantine colours a titled toast's text gray-6 (3.3:1), which axe rightly flags; that is the
 * shell's toast styling, not these screens, so their scans wait until the toasts have closed.
 */
async function toastsClosed(tab: Page): Promise<void> {
  await expect
    .poll(() => tab.locator('.mantine-Notification-root').count(), { timeout: 10_000 })
    .toBe(0);
}

const toast = (text: string) => page.getByText(text, { exact: true }).first();
const familyRows = () => page.locator('tbody tr[data-relation]');
const relations = () =>
  familyRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-relation')));

describe('membership end to end', () => {
  it('lets a visitor join the Family plan with a spouse and two dependents, and pay', async () => {
    await openRoute(page, '/mregister');
    await page.getByRole('heading', { level: 1, name: 'Become a member' }).waitFor();
    const familyPlan = page.getByRole('radio', { name: /Family Membership/ });
    await familyPlan.waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please choose a membership plan.').waitFor();
    await familyPlan.click();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('textbox', { name: 'First name', exact: true }).fill(FAMILY.first);
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(FAMILY.last);
    await page.getByRole('textbox', { name: 'Email' }).fill(FAMILY.email);
    await page.getByText('This e-mail address can be used.').waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FAMILY.password);
    await page
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill(`${FAMILY.password}x`);
    await page.getByText('password not matching').waitFor();
    await page
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill(FAMILY.password);
    await page.getByText('password matched').waitFor();
    const phone = page.getByLabel('Contact phone');
    await phone.pressSequentially(FAMILY.phoneTyped);
    expect(await phone.inputValue()).toBe(FAMILY.phoneShown);
    await page.getByLabel('Street').fill('401 N Michigan Ave');
    await page.getByLabel('City').fill('Chicago');
    await page.getByRole('combobox', { name: 'State' }).fill('Illinois');
    await page.getByRole('option', { name: 'Illinois' }).click();
    // A Texas zip is refused for Illinois by the server's check, then a Chicago zip passes.
    await page.getByLabel('Zipcode').fill('77001');
    await page.getByText('This zip code is not in the chosen state.').waitFor();
    await page.getByLabel('Zipcode').fill('60611');
    await page.getByText('This zip code is not in the chosen state.').waitFor({ state: 'hidden' });
    await page.getByLabel('Date of birth').fill('1985-03-04');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('switch', { name: 'Add my spouse (optional, at no cost)' }).check();
    await page.getByLabel("Spouse's first name").fill(FAMILY.spouse.first);
    await page.getByLabel("Spouse's last name").fill(FAMILY.spouse.last);
    for (const [index, dependent] of FAMILY.dependents.entries()) {
      await page.getByRole('button', { name: 'Add a dependent' }).click();
      await page.getByLabel(`Name of dependent ${index + 1}`).fill(dependent.name);
      await page.getByLabel(`Date of birth of dependent ${index + 1}`).fill(dependent.dateOfBirth);
    }
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();

    // 75.00 + 2 x 10.00 = 95.00, 3% service 2.85: the checkout must ask the same total.
    const plan = await activePlan('Family Membership');
    expect([plan.PlanFee, plan.predependentFee, plan.serviceCharge]).toEqual(['75.00', '10.00', 3]);
    expect(await page.getByTestId('price-total').innerText()).toBe('$97.85');
    await page
      .getByRole('cell', { name: `${FAMILY.spouse.first} ${FAMILY.spouse.last}` })
      .waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await payOnMockPage('$97.85', /#\/success\/registration\?/);

    await page.getByRole('heading', { level: 1, name: 'Payment Successfull' }).waitFor();
    await page.getByText(`Transaction Complete for ${FAMILY.email}`).waitFor();
    await page.getByText('Your account has been successfuly registered.').waitFor();
    await page.getByRole('cell', { name: '$97.85' }).waitFor();
    await page.getByRole('cell', { name: 'Family Membership' }).waitFor();
    // Spec 01 §4: joining signs the new member in, without typing the password again.
    await page.getByText(`You are signed in as ${FAMILY.email}.`).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/#\/family$/);
  });

  it('shows the new member, signed in by the registration, the family with its four rows', async () => {
    await openRoute(page, '/family');
    await page.getByRole('heading', { level: 1, name: 'Family' }).waitFor();
    await familyRows().first().waitFor();
    expect(await relations()).toEqual(['Member', 'Spouse', 'Dependent', 'Dependent']);
    const member = familyRows().first();
    expect(await member.innerText()).toContain(FAMILY.phoneShown);
    expect(await member.innerText()).toContain('Mar 4, 1985');
    expect(await member.innerText()).toMatch(/^GM\d{4}/);
    expect(await familyRows().nth(2).innerText()).toContain(FAMILY.dependents[0].shown);
    await page.getByRole('link', { name: 'Add/Edit Member' }).first().waitFor();
    await expectAccessible(page);
  });

  it('refuses renewing the period the family already has, then renews on the Life plan', async () => {
    await openRoute(page, '/renewmember');
    await page.getByRole('heading', { level: 1, name: 'Renew Membership' }).waitFor();
    await page.getByRole('radio', { name: /Family Membership/, checked: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay and renew' }).click();
    await page.getByRole('alert').filter({ hasText: 'already runs until' }).waitFor();

    // 750.00 + 2 x 25.00 = 800.00, 3% service 24.00.
    await page.getByRole('radio', { name: /Life Membership/ }).click();
    expect(await page.getByTestId('price-total').innerText()).toBe('$824.00');
    await page.getByRole('button', { name: 'Pay and renew' }).click();
    await payOnMockPage('$824.00', /#\/success\/renewal\?/);

    await page.getByRole('heading', { level: 1, name: 'Payment Successfull' }).waitFor();
    await page.getByText(`Transaction Complete for ${FAMILY.email}`).waitFor();
    await page.getByRole('cell', { name: 'Life Membership' }).waitFor();
    await expectAccessible(page);
  });

  it('adds a third dependent beyond those paid for, pays, and is back on the family', async () => {
    await openRoute(page, '/add');
    await page.getByRole('heading', { level: 1, name: 'Add/Edit Member' }).waitFor();
    await page.getByRole('heading', { name: 'Add dependents' }).waitFor();
    await page.getByLabel('Name of dependent 1').fill(FAMILY.extraDependent.name);
    await page.getByLabel('Date of birth of dependent 1').fill(FAMILY.extraDependent.dateOfBirth);
    // 1 x 25.00 on the Life plan, 3% service 0.75.
    await expect.poll(() => page.getByTestId('price-total').innerText()).toBe('$25.75');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay and add dependents' }).click();
    await payOnMockPage('$25.75', /#\/family\?.*transaction_id=/);

    await toast('Payment SuccessFull').waitFor();
    await page.getByText('Member Updated', { exact: true }).first().waitFor();
    await page.waitForURL(/#\/family$/);
    await expect
      .poll(relations)
      .toEqual(['Member', 'Spouse', 'Dependent', 'Dependent', 'Dependent']);
    expect(await familyRows().nth(0).innerText()).toContain('Life Membership');
  });

  it('deletes a dependent after asking', async () => {
    await page.getByRole('button', { name: `Delete ${FAMILY.extraDependent.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove from the family?' });
    await dialog.waitFor();
    await toastsClosed(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast('Deleted SuccessFull').waitFor();
    await expect.poll(relations).toEqual(['Member', 'Spouse', 'Dependent', 'Dependent']);
    expect(await page.getByText(FAMILY.extraDependent.name).count()).toBe(0);
  });

  it('lets an admin edit a plan: both dependent warnings, then a saved change', async () => {
    const admin = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
    });
    const tab = await admin.newPage();
    tab.setDefaultTimeout(15_000);
    try {
      await openRoute(tab, '/auth/login?returnUrl=%2Fplans');
      await tab.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
      await tab.getByRole('textbox', { name: 'Password', exact: true }).fill('samaj-demo');
      await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
      await tab.getByRole('heading', { level: 1, name: 'Membership plans' }).waitFor();
      const maxDependent = tab.getByLabel('Max Dependent (Senior Membership)');
      await maxDependent.waitFor();
      await expectAccessible(tab);

      const planUpdates: string[] = [];
      tab.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().includes('/api/memberplan/')) {
          planUpdates.push(request.url());
        }
      });
      const update = tab.getByRole('button', { name: 'Update Senior Membership' });
      // The table is wider than the screen; each plan's name and buttons stay in sight
      expect(await tableOverflow(tab)).toBeGreaterThan(0);
      expect(await inTableFrame(update)).toBe(true);
      expect(await inTableFrame(tab.getByLabel('Membership Type (Student Membership)'))).toBe(true);
      const warning = (text: string) =>
        tab.getByRole('alert').filter({ hasText: 'Attention' }).filter({ hasText: text });

      await maxDependent.fill('7');
      await update.click();
      await warning('A maximum of 6 dependents is allowed.').waitFor();
      await maxDependent.fill('0');
      await update.click();
      await warning('At least 1 dependent is required.').waitFor();
      expect(planUpdates).toEqual([]);

      await maxDependent.fill('3');
      await update.click();
      await tab.getByText('MemberShip Updated', { exact: true }).first().waitFor();
      expect(planUpdates).toHaveLength(1);
      expect((await activePlan('Senior Membership')).maxDependent).toBe(3);

      await tab.getByRole('button', { name: 'View Senior Membership' }).click();
      const details = tab.getByRole('heading', { level: 2, name: 'Senior Membership' });
      await details.waitFor();
      await toastsClosed(tab);
      await expectAccessible(tab);

      // On a phone the table scrolls inside its own box; the page itself does not widen.
      await tab.setViewportSize({ width: 390, height: 844 });
      // The header folds its controls into the menu once the layout notices the new width.
      await expect
        .poll(async () => ({
          tableScrolls: (await tableOverflow(tab)) > 0,
          pageWidens: await tab.evaluate(
            () => document.documentElement.scrollWidth > window.innerWidth,
          ),
        }))
        .toEqual({ tableScrolls: true, pageWidens: false });
    } finally {
      await admin.close();
    }
  });

  it('shows a German admin the plan fee with a decimal comma, and saves the fee typed with one', async () => {
    const admin = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
    });
    const tab = await admin.newPage();
    tab.setDefaultTimeout(15_000);
    const before = await activePlan('Senior Membership');
    const fee = tab.getByLabel('Tarifgebühr ($) (Senior Membership)');
    const update = tab.getByRole('button', { name: 'Senior Membership aktualisieren' });
    const planList = (url: URL) =>
      url.pathname === '/api/memberplan' && url.searchParams.get('all') === 'true';
    let releaseList = () => {};
    try {
      await openRoute(tab, '/auth/login?returnUrl=%2Fplans');
      await tab.evaluate(() => localStorage.setItem('language', 'de'));
      await tab.reload();
      await tab.locator('input[type="email"]').fill('admin@example.org');
      await tab.locator('input[type="password"]').fill('samaj-demo');
      await tab.keyboard.press('Enter');
      await fee.waitFor();
      expect(await fee.inputValue()).toBe(before.PlanFee.replace('.', ','));

      await fee.fill('41,50');
      await update.click();
      await tab.getByText('Mitgliedschaft aktualisiert', { exact: true }).first().waitFor();
      expect((await activePlan('Senior Membership')).PlanFee).toBe('41.50');
      expect(await fee.inputValue()).toBe('41,50');

      // A point typed the English way is the mark too, and stays as typed while editing
      await fee.fill('');
      await fee.pressSequentially('42.5');
      expect(await fee.inputValue()).toBe('42.5');
      await update.click();
      await expect.poll(async () => (await activePlan('Senior Membership')).PlanFee).toBe('42.50');

      // What is typed right after a save stays when the list fetched again after it comes back.
      // The save before is over first (its own refetch done), so only the next one is held.
      await expect.poll(() => update.getAttribute('data-loading')).toBeNull();
      const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
      await tab.route(planList, async (route) => {
        await listHeld;
        await route.continue();
      });
      await fee.fill('43,00');
      await update.click();
      await expect.poll(async () => (await activePlan('Senior Membership')).PlanFee).toBe('43.00');
      await fee.fill('44,00');
      const listBack = tab.waitForResponse((response) => planList(new URL(response.url())));
      releaseList();
      await listBack;
      await tab.unroute(planList);
      await expect.poll(() => update.getAttribute('data-loading')).toBeNull();
      expect(await fee.inputValue()).toBe('44,00');
    } finally {
      try {
        // A list still held (the journey failed while it was) would keep Update loading
        releaseList();
        await tab.unroute(planList);
        // The fee goes back, for the journeys after this one (when the journey got that far)
        if (await fee.isVisible()) {
          await fee.fill(before.PlanFee.replace('.', ','));
          await update.click();
          await expect
            .poll(async () => (await activePlan('Senior Membership')).PlanFee)
            .toBe(before.PlanFee);
        }
      } finally {
        await admin.close();
      }
    }
  });

  it('tells a visitor whose e-mail has a payment in progress when it lapses, not that it is registered', async () => {
    const held = `held.${stamp}@example.org`;
    const plan = await activePlan('Family Membership');
    const started = await fetch(`${baseUrl()}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'registration',
        planId: plan.id,
        member: {
          MemberFirstName: 'Held',
          MemberLastName: 'Elsewhere',
          email: held,
          password: 'held-elsewhere-26',
          contactPhone: '3125550143',
          street: '401 N Michigan Ave',
          city: 'Chicago',
          state: 'IL',
          zipcode: '60611',
          dateOfBirth: '1985-04-02',
        },
        spouse: null,
        dependents: [],
      }),
    });
    expect(started.status).toBe(200);

    const visitor = await browser.newContext({
      baseURL: baseUrl(),
    });
    try {
      const tab = await visitor.newPage();
      tab.setDefaultTimeout(15_000);
      await openRoute(tab, '/mregister');
      await tab.getByRole('radio', { name: /Family Membership/ }).click();
      await tab.getByRole('button', { name: 'Next' }).click();
      await tab.getByRole('textbox', { name: 'Email' }).fill(held);
      await tab
        .getByText(
          /^A payment for this e-mail address is in progress\. If it is not completed, the address is free again after \w{3} \d{1,2} \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
        )
        .waitFor();
      expect(await tab.getByText('This e-mail address is already registered.').count()).toBe(0);
      await expectAccessible(tab);
    } finally {
      await visitor.close();
    }
  });
});
