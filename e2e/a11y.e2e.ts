/**
 * Every screen, for everyone (issue 13): the public pages, a member's and the staff's back
 * office, at 1280 and 375 px, with the main dialogs open too. Each must pass axe (no serious or
 * critical violation), never scroll sideways at 375 px, and never show "undefined", "NaN",
 * "[object Object]" or a raw catalog key. Then the keyboard: the sign-in form in tab order with
 * a visible focus ring, and a dialog that keeps focus inside and gives it back on close.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import en from '../web/i18n/locales/en.json';
import type { TPlan } from '../domain/contracts/plans';
import { baseUrl, expectAccessible, launchBrowser, openRoute, signInThroughForm } from './browser';
import { callApi } from './server-api';

type TTree = { [key: string]: string | TTree };
function keysOf(tree: TTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : keysOf(value, path);
  });
}
const CATALOG_KEYS = new Set(keysOf(en));

const WIDTHS = [1280, 375] as const;
/** Many screens, two scans each: more than the default minute per journey. */
const LONG = 240_000;
type TWho = 'visitor' | 'member' | 'admin' | 'super';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function pageFor(who: TWho, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: 900 },
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (who === 'visitor') return page;
  const route = who === 'member' ? '/auth/memberlogin' : '/auth/login';
  await signInThroughForm(page, route, `${who}@example.org`, DEMO_PASSWORD);
  expect(page.url()).toMatch(/#\/$/);
  return page;
}

/** Waits until no skeleton or busy region is left, so the scan sees the loaded screen. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('[aria-busy="true"], .mantine-Skeleton-root').count(), {
      timeout: 15_000,
    })
    .toBe(0);
}

/** What the person sees that a bug would show: words a program left behind. */
async function leftovers(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const found: string[] = [];
  for (const bad of ['undefined', 'NaN', '[object Object]']) {
    if (new RegExp(`(^|[^\\w])${bad.replace(/[[\]]/g, '\\$&')}([^\\w]|$)`).test(text)) {
      found.push(bad);
    }
  }
  for (const token of text.match(/\b[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+\b/g) ?? []) {
    if (CATALOG_KEYS.has(token)) found.push(`raw key ${token}`);
  }
  return found;
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The checks every screen gets, named by where it was taken when one fails. */
async function checkScreen(page: Page, where: string, width: number): Promise<void> {
  await settled(page);
  expect(await leftovers(page), where).toEqual([]);
  if (width < 400) expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBe(0);
  await expectAccessible(page);
}

async function visit(page: Page, path: string, width: number): Promise<void> {
  await openRoute(page, path);
  await checkScreen(page, `${path} at ${width}px`, width);
}

/** Closes the open dialog with Escape and waits for it to go. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

let eventPath = '/event';

describe.each(WIDTHS)('every screen at %i px', { timeout: LONG }, (width) => {
  it('public pages', async () => {
    const page = await pageFor('visitor', width);
    await openRoute(page, '/event');
    await settled(page);
    const href = await page.locator('a[href^="#/viewevent/"]').first().getAttribute('href');
    if (href) eventPath = href.slice(1);
    for (const path of [
      '/about',
      '/leadership',
      '/contact',
      '/donate',
      '/event',
      eventPath,
      '/mregister',
      '/auth/memberlogin',
      '/auth/login',
      '/auth/forgot/member',
      '/auth/forgot/admin',
      '/error',
      '/error/404',
      // The guard's in-place sign-in on a back-office address.
      '/member',
    ]) {
      await visit(page, path, width);
    }
  });

  it("a member's screens", async () => {
    const page = await pageFor('member', width);
    for (const path of ['/', '/family', '/renewmember', '/add', '/member', eventPath]) {
      await visit(page, path, width);
    }
    // The account menu's change-password dialog.
    await openRoute(page, '/');
    // On phones the account menu sits at the foot of the folded navigation.
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('button[aria-haspopup="menu"]:visible').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.getByRole('dialog', { name: 'Change password' }).waitFor();
    await checkScreen(page, `change password at ${width}px`, width);
    await closeDialog(page);
  });

  it("the staff's screens and their dialogs", async () => {
    const page = await pageFor('admin', width);
    for (const path of [
      '/',
      '/member',
      '/family',
      '/listMemberBoard',
      '/addMemberBoard',
      '/plans',
      '/logs',
      '/reports',
      '/reminders',
      '/events',
    ]) {
      await visit(page, path, width);
    }

    // Member list: the delete confirmation and the mail compose panel.
    await openRoute(page, '/member');
    const row = page.locator('tbody tr[data-member-id]').first();
    await row.waitFor();
    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.getByRole('dialog').waitFor();
    await checkScreen(page, `member delete confirm at ${width}px`, width);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Send Mail To Member', exact: true }).click();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'New Message' }).waitFor();
    await checkScreen(page, `mail compose at ${width}px`, width);

    // Plans: a plan's details.
    await openRoute(page, '/plans');
    await page.getByRole('button', { name: /^View/ }).first().click();
    await checkScreen(page, `plan details at ${width}px`, width);

    // Events: the new-event form.
    await openRoute(page, '/events');
    await page.getByRole('button', { name: 'New event' }).click();
    await page.getByRole('dialog', { name: 'New event' }).waitFor();
    await checkScreen(page, `event form at ${width}px`, width);
    await closeDialog(page);
  });

  it("the super user's accounts and their form", async () => {
    const page = await pageFor('super', width);
    await visit(page, '/accounts', width);
    await page.getByRole('button', { name: 'New account' }).click();
    await page.getByRole('dialog').waitFor();
    await checkScreen(page, `account form at ${width}px`, width);
    await closeDialog(page);
  });
});

/**
 * Where keyboard focus is: its accessible name, whether it is inside a dialog, and whether a
 * focus ring shows: an outline, a shadow, or (Mantine's inputs) the border in the primary colour.
 * Read after the inputs' short border transition.
 */
async function focused(page: Page) {
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { name: '', tag: '', ring: false, inDialog: false };
    }
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const style = getComputedStyle(element);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '') ||
      // A password field's wrapper shows the focus of the input inside it.
      [element, element.parentElement].some(
        (box) => box !== null && getComputedStyle(box).borderTopColor === primary,
      );
    const labelled = element.getAttribute('aria-label');
    const label =
      labelled ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent ??
      '';
    return {
      name: label.replace(/\s+/g, ' ').trim(),
      tag: element.tagName,
      ring,
      inDialog: Boolean(element.closest('[role="dialog"]')),
    };
  });
}

describe('the keyboard', () => {
  it('tabs through the sign-in form in order, each stop with a visible focus ring', async () => {
    const page = await pageFor('visitor', 1280);
    await openRoute(page, '/auth/memberlogin');
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    const stops: string[] = [];
    // The header's links come first (one is also "Sign in"); the form's button ends the walk.
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now.name) continue;
      expect(now.ring, `focus ring on "${now.name}"`).toBe(true);
      stops.push(now.name.replace(/\s*\*$/, ''));
      if (now.tag === 'BUTTON' && now.name === 'Sign in') break;
    }
    const email = stops.findIndex((name) => name.startsWith('Email'));
    const password = stops.findIndex((name) => name.startsWith('Password'));
    const submit = stops.lastIndexOf('Sign in');
    expect(email).toBeGreaterThanOrEqual(0);
    expect(password).toBeGreaterThan(email);
    expect(submit).toBeGreaterThan(password);

    // And the form signs in from the keyboard alone.
    await page.getByRole('textbox', { name: 'Email' }).focus();
    await page.keyboard.type('member@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/$/);
  });

  it('keeps focus inside a dialog and gives it back to the button that opened it', async () => {
    const page = await pageFor('admin', 1280);
    await openRoute(page, '/events');
    const opener = page.getByRole('button', { name: 'New event' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'New event' }).waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDialog, `Tab ${step + 1} left the dialog for "${now.name}"`).toBe(true);
    }
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await closeDialog(page);
    await expect
      .poll(() => opener.evaluate((button) => button === document.activeElement))
      .toBe(true);
    expect((await focused(page)).ring).toBe(true);
  });
});

describe('in German on a phone', { timeout: LONG }, () => {
  it('no screen scrolls sideways: long compound words wrap within the width', async () => {
    const page = await pageFor('admin', 375);
    // The language is picked when the app starts
    await page.evaluate(() => window.localStorage.setItem('language', 'de'));
    await page.reload();
    for (const path of ['/about', '/event', '/', '/member', '/add', '/reports', '/reminders']) {
      await openRoute(page, path);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await sidewaysOverflow(page), `${path} at 375px in German scrolls sideways`).toBe(0);
    }
  });

  it("a plan's details write its numbers the German way", async () => {
    const { authToken: token } = await callApi<{ authToken: string }>('/user/signin', {
      method: 'POST',
      body: { email: 'admin@example.org', password: DEMO_PASSWORD },
    });
    const plans = await callApi<TPlan[]>('/memberplan?all=true', { token });
    const student = plans.find((plan) => plan.prefix === 'ST');
    if (!student) throw new Error('the seeded student plan is missing');
    const put = (plan: TPlan) =>
      callApi(`/memberplan/${plan.id}`, { method: 'PUT', body: plan, token });
    await put({ ...student, serviceCharge: 2.5 });
    try {
      const page = await pageFor('admin', 375);
      await page.evaluate(() => window.localStorage.setItem('language', 'de'));
      await page.reload();
      await openRoute(page, '/plans');
      await page.getByRole('button', { name: `${student.MembershipType} ansehen` }).click();
      const details = page.locator('[aria-labelledby="plan-details-title"]');
      await details.waitFor();
      expect(await details.innerText()).toMatch(/\b2,5\b/);
    } finally {
      await put(student);
    }
  });
});
