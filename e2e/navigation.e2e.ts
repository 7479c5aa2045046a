/**
 * The back office's navigation stays readable for everyone: the current page's link keeps its
 * contrast while the pointer rests on it, as keyboard focus and hover both land there.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { expectAccessible, launchBrowser, newPage, openRoute } from './browser';

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

describe('back-office navigation', () => {
  it('keeps the current link readable under the pointer', async () => {
    await openRoute(page, '/auth/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/#\/$/);
    await openRoute(page, '/reports');
    const current = page
      .getByRole('navigation', { name: 'Back office' })
      .locator('[aria-current="page"]');
    await current.hover();
    await expectAccessible(page);
  });
});
