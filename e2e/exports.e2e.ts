/**
 * Journeys of the member exports (issue 11; spec 02 §2.7): a global admin downloads the table as
 * shown, every member as a PDF, and the three spreadsheets from the member list; a failed export
 * says so in a toast; a temporary admin sees no export buttons. Axe scans the screen at 1280 and
 * 390 px.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { baseUrl, expectAccessible, launchBrowser, openRoute } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function signedIn(who: 'admin' | 'temp', width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await openRoute(page, '/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(`${who}@example.org`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/#\/$/);
  await openRoute(page, '/member');
  await page.locator('tbody tr[data-member-id]').first().waitFor();
  return page;
}

const EXPORTS = [
  { name: 'Table as PDF', file: /^members-\d{4}-\d{2}-\d{2}\.pdf$/, magic: '%PDF-' },
  { name: 'All members (PDF)', file: /^members-\d{4}-\d{2}-\d{2}\.pdf$/, magic: '%PDF-' },
  { name: 'All members (CSV)', file: /^members-\d{4}-\d{2}-\d{2}\.csv$/, magic: '\uFEFFFamily ID' },
  {
    name: 'Active members (CSV)',
    file: /^members-active-\d{4}-\d{2}-\d{2}\.csv$/,
    magic: '\uFEFFFamily ID',
  },
  {
    name: 'Inactive members (CSV)',
    file: /^members-inactive-\d{4}-\d{2}-\d{2}\.csv$/,
    magic: '\uFEFFFamily ID',
  },
];

async function readDownload(download: Download): Promise<Buffer> {
  const path = await download.path();
  return path ? readFile(path) : Buffer.alloc(0);
}

describe('member exports as a global admin', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('admin');
  });

  it('shows the export buttons on an accessible screen', async () => {
    const section = page.getByRole('region', { name: 'Export members' });
    for (const { name } of EXPORTS)
      await expect
        .poll(() => section.getByRole('button', { name, exact: true }).isVisible())
        .toBe(true);
    await expectAccessible(page);
  });

  for (const { name, file, magic } of EXPORTS)
    it(`downloads ${name}`, async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(file);
      const body = await readDownload(download);
      expect(body.length).toBeGreaterThan(500);
      expect(body.subarray(0, Buffer.byteLength(magic)).toString('utf8')).toBe(magic);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'is downloaded' }).count())
        .toBeGreaterThan(0);
    });

  it('prints the table as shown: the list filter and search go with the PDF', async () => {
    await page.getByLabel('Status', { exact: true }).selectOption('false');
    await page.getByRole('textbox', { name: 'Search members' }).fill('joshi');
    // The list (and with it the filter the PDF takes) follows the search after its pause
    const shown = page.locator('tbody tr[data-member-id]');
    await expect
      .poll(async () => [
        (await shown.filter({ hasText: /joshi/i }).count()) > 0,
        await shown.filter({ hasNotText: /joshi/i }).count(),
      ])
      .toEqual([true, 0]);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/pdf?')),
      page.getByRole('button', { name: 'Table as PDF', exact: true }).click(),
    ]);
    const query = new URL(request.url()).searchParams;
    expect(query.get('active')).toBe('false');
    expect(query.get('search')).toBe('joshi');
    expect(query.get('lang')).toBe('en');
    expect(query.get('link')).toMatch(/^[\w-]{20,}$/);
    await page.getByRole('status').filter({ hasText: 'Table as PDF is downloaded.' }).waitFor();
  });

  it('says so in a toast when the file cannot be prepared', async () => {
    await page.route('**/api/csv/inactive?**', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    await page.getByRole('button', { name: 'Inactive members (CSV)' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The file could not be prepared. Please try again.' })
      .waitFor();
    await page.unroute('**/api/csv/inactive?**');
  });

  it('fits a phone-sized screen', async () => {
    const phone = await signedIn('admin', 390);
    await phone.getByRole('button', { name: 'All members (CSV)' }).waitFor();
    await expectAccessible(phone);
  });
});

describe('member exports as a temporary admin', () => {
  it('shows no export buttons', async () => {
    const page = await signedIn('temp');
    expect(await page.getByRole('region', { name: 'Export members' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'All members (CSV)' }).count()).toBe(0);
  });
});
