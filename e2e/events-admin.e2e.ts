/**
 * Journey of the events administration (issue 9): an admin creates an event with an image on the
 * manage screen, it appears on the public list `#/event` with its picture, a visitor buys a
 * ticket with the test card (the live price from the server on the way), the buyers view lists
 * them, and the manage screen then counts the seat as sold. Axe scans every new screen at desktop and phone widths.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import { addDays, toCalendarDate } from '../domain/dates';
import {
  baseUrl,
  expectAccessible,
  launchBrowser,
  openRoute,
  signInThroughForm,
  tableOverflow,
  associationTimeZone,
} from './browser';

const EVENT_NAME = `Sharad Purnima ${Date.now().toString(36)}`;
const BUYER = { fname: 'Nila', lname: 'Desai', email: `nila.${Date.now()}@example.org` };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let posterFile: string;

async function tab(phone = false) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: phone ? { width: 375, height: 800 } : { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

const signInAsAdmin = (page: Page) =>
  signInThroughForm(page, '/auth/login', 'admin@example.org', DEMO_PASSWORD);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await tab();
  posterFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-poster-')), 'poster.png');
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#d9822b' } })
    .png()
    .toFile(posterFile);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  if (posterFile) fs.rmSync(path.dirname(posterFile), { recursive: true, force: true });
});

/** The event's row on the manage screen, read afresh from the server. */
async function eventRowAfresh(page: Page) {
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(EVENT_NAME);
  const row = page.getByRole('row').filter({ hasText: EVENT_NAME });
  await row.waitFor();
  return row;
}

const eventDate = () => addDays(toCalendarDate(new Date(), associationTimeZone()), 12);

describe('events administration', () => {
  it('an admin creates an event with an image on the manage screen', async () => {
    const { page } = admin;
    await signInAsAdmin(page);
    await openRoute(page, '/events');
    await page.getByRole('heading', { level: 1, name: 'Manage events' }).waitFor();
    await page.getByRole('table').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    // The contract's checks run in the browser first
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.getByText('Event name is required').waitFor();
    await expectAccessible(page);

    await form.getByLabel('Event name').fill(EVENT_NAME);
    await form.getByLabel('Description').fill('Moonlit garba in the courtyard.');
    await form.getByLabel(/^Date/).fill(eventDate());
    await form.getByLabel(/^Time/).fill('19:30');
    await form.getByLabel('Capacity (seats)').fill('60');
    await form.getByLabel('Venue').fill('Samaj Courtyard');
    await form.getByLabel(/^Member price/).fill('12');
    await form.getByLabel('Non-member price').fill('18.50');
    await form.getByLabel('Table for 10 price').fill('170');
    await form.locator('input[type="file"]').setInputFiles(posterFile);
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search by name' }).fill(EVENT_NAME);
    const row = page.getByRole('row').filter({ hasText: EVENT_NAME });
    // The server's search answers only this event (the previous page stays until it does)
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await row.waitFor();
    const image = row.getByRole('img', { name: EVENT_NAME });
    await expect(image.getAttribute('src')).resolves.toMatch(/^\/api\/images\/[\w-]{22}\/card$/);
  });

  it('the event appears on #/event with its image, width and height set', async () => {
    const visitor = await tab();
    try {
      await openRoute(visitor.page, '/event');
      const card = visitor.page.getByRole('article').filter({ hasText: EVENT_NAME });
      await card.waitFor();
      const picture = card.getByRole('img', { name: EVENT_NAME });
      expect(await picture.getAttribute('width')).toBe('800');
      expect(await picture.getAttribute('height')).toBe('400');
      await picture.evaluate((img: HTMLImageElement) =>
        img.complete ? null : new Promise((resolve) => (img.onload = resolve)),
      );
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
      await expectAccessible(visitor.page);
    } finally {
      await visitor.context.close();
    }
  });

  it('a visitor on a phone buys a ticket with the test card, priced live by the server', async () => {
    const visitor = await tab(true);
    const { page } = visitor;
    try {
      await openRoute(page, '/event');
      await expectAccessible(page);
      const card = page.getByRole('article').filter({ hasText: EVENT_NAME });
      await card.getByRole('link', { name: `View event: ${EVENT_NAME}` }).click();
      await page.getByRole('heading', { level: 1, name: EVENT_NAME }).waitFor();
      // The facts' icons keep their 20 px where the venue or prices wrap onto two lines
      const iconWidths = await page
        .locator(
          'main svg[class*="tabler-icon-"]:is(.tabler-icon-calendar, .tabler-icon-map-pin, .tabler-icon-ticket, .tabler-icon-users)',
        )
        .evaluateAll((icons) =>
          icons.map((icon) => Math.round(icon.getBoundingClientRect().width)),
        );
      expect(iconWidths).toEqual([20, 20, 20, 20]);
      await page.getByLabel('First name').fill(BUYER.fname);
      await page.getByLabel('Last name').fill(BUYER.lname);
      await page.getByLabel('Email').fill(BUYER.email);
      await page.getByLabel('Phone').pressSequentially('7135550142');
      const quote = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/nonmember/paydata') &&
          (response.request().postData() ?? '').includes('"ticket":2'),
      );
      await page.getByLabel('Number of tickets').fill('2');
      const answer = (await (await quote).json()) as { amount: string };
      expect(answer.amount).toBe('37.00');
      await page.getByText('Total: $37.00').waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/#\/checkout\/mock\//);
      await page.getByLabel('Card number').fill(MOCK_TEST_CARDS.pays);
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $37.00' }).click();
      await page.waitForURL(/#\/success\/nonmember\?/);
      await page.getByRole('heading', { level: 1, name: /Event Payment Successfull$/ }).waitFor();
    } finally {
      await visitor.context.close();
    }
  });

  it('the buyers view lists the visitor, the phone shown as the spec writes it', async () => {
    const { page } = admin;
    const row = await eventRowAfresh(page);
    await row.getByRole('button', { name: `Buyers of ${EVENT_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Buyers of ${EVENT_NAME}` });
    await dialog.getByText('1 payment, $37.00 in all.').waitFor();
    const buyer = dialog.getByRole('row').filter({ hasText: `${BUYER.fname} ${BUYER.lname}` });
    const cells = await buyer.locator('td').allInnerTexts();
    // Name, e-mail and phone, ticket, seats, paid
    expect(cells[1].split(/\n+/)).toEqual([BUYER.email, '(713) 555-0142']);
    expect(cells.slice(3, 5)).toEqual(['2', '$37.00']);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the manage screen counts the sold seats, and reads well on a phone', async () => {
    const { page } = admin;
    const row = await eventRowAfresh(page);
    const cells = await row.locator('td').allInnerTexts();
    // Event, status, sold, held, left, capacity
    expect(cells.slice(2, 6)).toEqual(['2', '0', '58', '60']);
    // At 1280 px every column, the actions too, shows without scrolling sideways
    expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
    // The filter's white indicator sits exactly on the chosen segment (it was 4 px off)
    const offset = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const indicator = box('.mantine-SegmentedControl-indicator');
      const chosen = box('.mantine-SegmentedControl-label[data-active]');
      return Math.max(Math.abs(indicator.x - chosen.x), Math.abs(indicator.y - chosen.y));
    });
    expect(offset).toBeLessThan(1);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    await row.getByRole('button', { name: `Edit ${EVENT_NAME}` }).click();
    const form = page.getByRole('dialog', { name: `Edit ${EVENT_NAME}` });
    await form.getByLabel('Capacity (seats)').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Capacity cannot be below the 2 seats already sold or held.').waitFor();
    await expectAccessible(page);
  });
});
