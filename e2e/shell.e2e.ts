/**
 * The web shell (foundation issue): the app loads behind its splash screen, an unknown route
 * lands on the empty path (whose guard sends a visitor to the member sign-in), and the language
 * picker changes the navigation text and is remembered. A toast opens below the back office's
 * fixed header, never over its menu and sign-out.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { expectAccessible, launchBrowser, newPage, openRoute, signInThroughForm } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const header = () => page.getByRole('banner');

describe('the web shell', () => {
  it('loads the public events page and removes the splash screen', async () => {
    await openRoute(page, '/event');
    await expect.poll(() => page.locator('#splash').count(), { timeout: 5_000 }).toBe(0);
    await expect
      .poll(() => header().getByRole('link', { name: 'About' }).count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await expectAccessible(page);
  });

  it('lands an unknown route on the empty path, whose guard asks a visitor to sign in', async () => {
    await openRoute(page, '/no/such/page');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/');
    await page.getByRole('heading', { name: 'Member sign in' }).waitFor();
    await expectAccessible(page);
  });

  it('switches the navigation to French and remembers the choice', async () => {
    await openRoute(page, '/about');
    await header().getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect
      .poll(() => header().getByRole('link', { name: 'À propos' }).count())
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
    await expect
      .poll(() => header().getByRole('link', { name: 'Événements' }).count())
      .toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it("opens a toast below the back office's header, at 1280 and 390 px", async () => {
    // In English, whatever the test before chose
    const { context: own, page: staff } = await newPage(browser);
    own.setDefaultTimeout(15_000);
    try {
      await signInThroughForm(staff, '/auth/login', 'admin@example.org', DEMO_PASSWORD);
      for (const width of [1280, 390]) {
        await staff.setViewportSize({ width, height: 900 });
        await openRoute(staff, '/reminders');
        await staff.getByRole('button', { name: 'Send due reminders now' }).click();
        const toast = staff.getByRole('status').filter({ hasText: 'reminders sent' });
        await toast.waitFor();
        const banner = await staff.getByRole('banner').boundingBox();
        const box = await toast.boundingBox();
        expect(banner && box && box.y >= banner.y + banner.height).toBe(true);
        await toast.getByRole('button', { name: 'Close notification' }).click();
        await toast.waitFor({ state: 'detached' });
      }
    } finally {
      await own.close();
    }
  });
});
