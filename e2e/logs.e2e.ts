/**
 * Journey of the audit log screen (spec 02 §2.6): a global admin filters by an e-mail, sorts by
 * e-mail both ways, goes to page 2 and changes the page size; every state is server-side. On a
 * phone the caption stays within the table's sideways-scrolling frame.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const EMAIL_COLUMN = 1;

const table = () => page.getByRole('table');
const bodyRows = () => table().locator('tbody tr');
const header = (name: string) => table().getByRole('columnheader', { name });
const rangeText = () => page.getByText(/^\d[\d,]*–\d[\d,]* of /);

async function emailsShown(): Promise<string[]> {
  return bodyRows()
    .locator(`td:nth-child(${EMAIL_COLUMN + 1})`)
    .allInnerTexts();
}

/** Waits until the table shows a settled answer (no previous page kept on screen). */
async function settled(): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.querySelector('table');
    return shown !== null && shown.getAttribute('aria-busy') !== 'true';
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting until ${what}.`);
}

const firstLetters = (emails: string[]) => emails.map((email) => email.charAt(0).toLowerCase());
const isSorted = (letters: string[], direction: 'asc' | 'desc') =>
  letters.every((letter, i) =>
    i === 0 ? true : direction === 'asc' ? letters[i - 1] <= letter : letters[i - 1] >= letter,
  );

async function sortedState(column: Locator): Promise<string | null> {
  return column.getAttribute('aria-sort');
}

describe('the audit log screen', () => {
  it('opens for a global admin, newest first, with the paginator', async () => {
    await openRoute(page, '/auth/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/#\/$/);
    await openRoute(page, '/logs');
    await bodyRows().first().waitFor();
    expect(await bodyRows().count()).toBe(10);
    expect(await sortedState(header('Date'))).toBe('descending');
    await expect(rangeText().innerText()).resolves.toMatch(/^1–10 of \d+/);
    expect(await page.getByRole('button', { name: 'First page' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await expectAccessible(page);
  });

  it('filters by an e-mail on the server', async () => {
    await page.getByRole('textbox', { name: 'Filter' }).fill('super@example.org');
    await until(
      async () =>
        (await bodyRows().allInnerTexts()).every((row) => row.includes('super@example.org')),
      'only rows about super@example.org are shown',
    );
    expect(await bodyRows().count()).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'Filter' }).fill('no-such-entry-anywhere');
    await page.getByText('No log entry matches this filter.').waitFor();
    await page.getByRole('textbox', { name: 'Filter' }).fill('');
    await bodyRows().first().waitFor();
  });

  it('sorts by e-mail both ways, marking the sorted column', async () => {
    await header('Email').getByRole('button').click();
    await until(async () => (await sortedState(header('Email'))) === 'ascending', 'email sorts up');
    await settled();
    const ascending = firstLetters(await emailsShown());
    expect(isSorted(ascending, 'asc')).toBe(true);
    expect(await sortedState(header('Date'))).toBe('none');
    await expectAccessible(page);

    await header('Email').getByRole('button').click();
    await until(
      async () => (await sortedState(header('Email'))) === 'descending',
      'email sorts down',
    );
    await settled();
    const descending = firstLetters(await emailsShown());
    expect(isSorted(descending, 'desc')).toBe(true);
    expect(ascending[0] < descending[0]).toBe(true);
  });

  it('goes to page 2, then shows 20 rows a page from page 1', async () => {
    const pageOne = await bodyRows().allInnerTexts();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await until(
      async () => (await rangeText().innerText()).startsWith('11–20 of'),
      'page 2 is shown',
    );
    await settled();
    expect(
      await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await bodyRows().allInnerTexts()).not.toEqual(pageOne);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(false);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('20');
    await until(async () => (await rangeText().innerText()).startsWith('1–20 of'), '20 rows show');
    await settled();
    expect(await bodyRows().count()).toBe(20);
    expect(
      await page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await expectAccessible(page);
  });

  it("keeps the caption within the table's frame on a phone, however far the table scrolls", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const caption = page.getByText(/^Times are shown in the association's time zone/);
    const frame = page.locator('.mantine-TableScrollContainer-scrollContainer');
    const within = async () => {
      const [text, box] = [await caption.boundingBox(), await frame.boundingBox()];
      return (
        text !== null &&
        box !== null &&
        text.x >= box.x &&
        text.x + text.width <= box.x + box.width + 0.5
      );
    };
    expect(await within()).toBe(true);
    await frame.evaluate((element) => element.scrollBy(400, 0));
    expect(await frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await within()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
