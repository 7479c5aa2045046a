/**
 * Journey of issue 15's donations: a visitor finds "Donate" in the public navigation, gives an
 * amount with a dedication through the mock checkout and lands on the thank-you screen; the tax
 * receipt is written to the outbox; an admin finds the gift in the donation report with its total
 * and mails the year's statements once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import { toCalendarDate } from '../domain/dates';
import {
  baseUrl,
  expectAccessible,
  launchBrowser,
  openRoute,
  associationTimeZone,
} from './browser';
import { mailWith } from './written-mail';

const DONOR = {
  fname: 'Meera',
  lname: 'Shah',
  email: `meera.${Date.now()}@example.org`,
  dedication: `In honour of Dadi ${Date.now()}`,
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
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('donations', () => {
  let transactionId = '';

  it('lets a visitor donate with a dedication through the mock checkout', async () => {
    await openRoute(page, '/event');
    await page.getByRole('link', { name: 'Donate' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Donate' }).waitFor();
    await page.getByText('Tax registration number (EIN)').waitFor();
    await expectAccessible(page);

    // Nothing typed: the fields say what is missing, and nothing is started
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    await page.getByText('Enter an amount such as 25.00.').waitFor();
    expect(page.url()).toMatch(/#\/donate$/);
    await expectAccessible(page);

    await page.getByLabel(/^Amount/).fill('0.50');
    await page.getByRole('button', { name: /^Donate / }).click();
    await page.getByText('The smallest donation is 1.00.').waitFor();

    await page.getByRole('button', { name: '$50.00' }).click();
    expect(await page.getByLabel(/^Amount/).inputValue()).toBe('50');
    await page.getByLabel(/^Amount/).fill('42.50');
    await page.getByLabel('Dedication').fill(DONOR.dedication);
    await page.getByLabel('First name').fill(DONOR.fname);
    await page.getByLabel('Last name').fill(DONOR.lname);
    await page.getByLabel('Email').fill(DONOR.email);
    await page.getByRole('button', { name: 'Donate $42.50' }).click();

    await page.waitForURL(/#\/checkout\/mock\//);
    await page.getByText('$42.50', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Card number').fill(MOCK_TEST_CARDS.pays);
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $42.50' }).click();

    await page.waitForURL(/#\/success\/donation\?/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your donation' }).waitFor();
    transactionId = new URL(page.url().replace('#/', '')).searchParams.get('transaction_id') ?? '';
    expect(transactionId).not.toBe('');
    await page.getByText(`Transaction Complete for ${DONOR.email}`).waitFor();
    expect(await page.getByTestId('transaction-id').innerText()).toBe(transactionId);
    await page.getByRole('cell', { name: '$42.50' }).waitFor();
    await expectAccessible(page);
  });

  it('fits a 390 px phone, the non-profit details under the form', async () => {
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    try {
      const tab = await phone.newPage();
      await openRoute(tab, '/donate');
      await tab.getByRole('heading', { level: 1, name: 'Donate' }).waitFor();
      await tab.getByText('Tax registration number (EIN)').waitFor();
      const overflow = await tab.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(tab);
    } finally {
      await phone.close();
    }
  });

  it('mails a receipt fit for a tax deduction', async () => {
    const receipt = await mailWith(transactionId, { timeoutMs: 15_000 });
    expect(receipt).toContain(DONOR.email);
    expect(receipt).toContain('Donation amount: $42.50');
    expect(receipt).toContain(`Dedication: ${DONOR.dedication}`);
    expect(receipt).toContain('Tax registration number (EIN)');
    expect(receipt).toContain(
      'No goods or services were provided in exchange for this contribution.',
    );
  });

  it('shows the gift in the donation report with the total, and sends the year statements once', async () => {
    await openRoute(page, '/auth/login?returnUrl=%2Freports');
    await page.getByLabel('Email').fill('admin@example.org');
    await page.locator('input[type="password"]').fill('samaj-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();

    const section = page.getByRole('region', { name: 'Donation Reports' });
    for (const picker of ['Start date', 'End date']) {
      await section.getByLabel(picker).click();
      await page.locator('[data-today]:visible').click();
      await expect.poll(() => page.locator('[data-today]:visible').count()).toBe(0);
    }
    await section.getByRole('button', { name: 'Submit' }).click();
    const row = section.getByRole('row').filter({ hasText: transactionId });
    await row.waitFor();
    await row.getByText(DONOR.dedication).waitFor();
    // Gross and net: nothing refunded yet
    await expect.poll(() => row.getByRole('cell', { name: '$42.50' }).count()).toBe(2);
    await section.getByRole('row').filter({ hasText: 'Totals' }).waitFor();
    await section.getByRole('button', { name: 'Download' }).waitFor();
    await expectAccessible(page);

    const statements = page.getByRole('region', { name: 'Yearly donation statements' });
    const year = toCalendarDate(new Date(), associationTimeZone()).slice(0, 4);
    await statements.getByLabel('Year').selectOption(year);
    await statements.getByText(new RegExp(`gave .* in ${year}`)).waitFor();
    await statements.getByRole('button', { name: 'Send yearly statements' }).click();
    const dialog = page.getByRole('dialog', { name: `Send the statements for ${year}?` });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: /^Mail \d+ donors?$/ }).click();
    await statements
      .getByRole('status')
      .filter({ hasText: `Statements for ${year}:` })
      .waitFor();
    // Everyone of the year has theirs now: a second press has nobody to mail
    await expect
      .poll(() => statements.getByRole('button', { name: 'Send yearly statements' }).isDisabled())
      .toBe(true);
    await expectAccessible(page);

    const statement = await mailWith(`your donation statement for ${year}`, { timeoutMs: 15_000 });
    expect(statement).toContain('Total donated');
  });
});
