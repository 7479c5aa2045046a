/**
 * Journeys of the board (spec 02 §2.3, §2.4) and the Leadership page it feeds (spec 01 §2
 * point 1): the public cards with contact details on hover and keyboard focus; an admin filters
 * and pages the board, promotes a member as a Temp Admin (last-name prefill, picture, password
 * fields), edits and removes the entry; the new Temp Admin signs in and only lists the board.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { baseUrl, expectAccessible, launchBrowser, openRoute, signInThroughForm } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function contextOf(width: number, height: number) {
  const created = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
  created.setDefaultTimeout(15_000);
  return created;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await contextOf(1280, 900);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting until ${what}.`);
}

const cards = (on: Page) => on.locator('main article');
const opacityOf = (on: Page, index: number) =>
  cards(on)
    .nth(index)
    .locator('a[href^="tel:"]')
    .evaluate((link) => getComputedStyle(link.parentElement as HTMLElement).opacity);

async function signIn(on: Page, email: string, password = DEMO_PASSWORD) {
  await signInThroughForm(on, '/auth/login', email, password);
  expect(on.url()).toMatch(/#\/$/);
}

const rows = () => page.locator('main table tbody tr');
const rangeText = () => page.getByText(/^\d[\d,]*–\d[\d,]* of /);
const field = (name: string) => page.getByRole('textbox', { name, exact: true });

async function chooseOption(label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const NEW_EMAIL = 'e2e.tempadmin@example.org';
const NEW_PASSWORD = 'board-e2e-pass';

describe('the Leadership page', () => {
  it('shows anyone nine officer cards: photo, name, role; the ninth without a role', async () => {
    await openRoute(page, '/leadership');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(9);
    const texts = await cards(page).allInnerTexts();
    const roles = [
      'President',
      'Vice President',
      'Secretary',
      'Joint Secretary',
      'Treasurer',
      'Joint Treasurer',
      'Executive Committee',
      'Executive Committee',
    ];
    roles.forEach((role, index) => expect(texts[index]).toContain(role));
    for (const role of roles) expect(texts[8]).not.toContain(role);
    expect(await cards(page).first().getByRole('img').count()).toBe(1);
    await expectAccessible(page);
  });

  it('shows phone and e-mail on hover and on keyboard focus', async () => {
    expect(await opacityOf(page, 0)).toBe('0');
    await cards(page).nth(0).hover();
    await until(async () => (await opacityOf(page, 0)) === '1', 'the hovered card shows contacts');
    expect(await cards(page).nth(0).locator('a[href^="mailto:"]').innerText()).toMatch(/@/);
    await page.mouse.move(0, 0);
    await cards(page).nth(2).locator('a[href^="tel:"]').focus();
    await until(async () => (await opacityOf(page, 2)) === '1', 'the focused card shows contacts');
    expect(await opacityOf(page, 1)).toBe('0');
  });

  it('says "hover" only where there is a pointer; on a touch screen the contacts just show', async () => {
    expect(await page.getByText(/Hover over or focus a card/).isVisible()).toBe(true);
    const touch = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const phone = await touch.newPage();
      await openRoute(phone, '/leadership');
      await cards(phone).first().waitFor();
      await phone
        .getByText('The officers who serve the association this term, and how to reach them.')
        .waitFor();
      expect(await phone.getByText(/Hover over/).isVisible()).toBe(false);
      expect(await opacityOf(phone, 0)).toBe('1');
    } finally {
      await touch.close();
    }
  });

  it('fits a 375 px phone, one card a row', async () => {
    const phone = await contextOf(375, 812);
    const small = await phone.newPage();
    try {
      await openRoute(small, '/leadership');
      await cards(small).first().waitFor();
      const [first, second] = await Promise.all([
        cards(small).nth(0).boundingBox(),
        cards(small).nth(1).boundingBox(),
      ]);
      expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await expectAccessible(small);
    } finally {
      await phone.close();
    }
  });
});

describe('the board list', () => {
  it('opens for a global admin with the spec’s columns, search, type filter and 10 rows', async () => {
    await signIn(page, 'admin@example.org');
    await openRoute(page, '/listMemberBoard');
    await rows().first().waitFor();
    const headers = await page.locator('main table thead th').allInnerTexts();
    expect(headers).toEqual([
      'S.No',
      'Profile',
      'Name',
      'Email',
      'Phone No',
      'Member Type',
      'Actions',
    ]);
    expect(await rows().count()).toBe(10);
    expect(await rangeText().innerText()).toMatch(/^1–10 of 12/);
    expect(await page.getByPlaceholder('Start searching for a name, email, phone no').count()).toBe(
      1,
    );
    await expectAccessible(page);
  });

  it('filters by type over the whole list, spelling kept', async () => {
    await page.getByRole('combobox', { name: 'Member Type', exact: true }).click();
    const options = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(options).toEqual(['All', 'Excecutive Member', 'Trustee', 'Temp Admin']);
    await page.getByRole('option', { name: 'Trustee', exact: true }).click();
    await until(async () => (await rows().count()) === 3, 'the three trustees show');
    for (const text of await rows().allInnerTexts()) expect(text).toContain('Trustee');
    await chooseOption('Member Type', 'All');
    await until(async () => (await rows().count()) === 10, 'everyone shows again');
  });

  it('searches by a piece of a phone number', async () => {
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('5550177');
    await until(async () => (await rows().count()) === 1, 'one row matches');
    expect(await rows().first().innerText()).toContain('temp@example.org');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('');
  });

  it('pages by 3 with at most 4 page links and first/last links', async () => {
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('3');
    await until(async () => (await rows().count()) === 3, 'three rows a page');
    const pageLinks = page.getByRole('navigation', { name: /page/i }).getByRole('button', {
      name: /^Page \d+$/,
    });
    expect(await pageLinks.count()).toBeLessThanOrEqual(4);
    await page.getByRole('button', { name: 'Last page' }).click();
    await until(async () => (await rangeText().innerText()).startsWith('10–12'), 'the last page');
    expect(await pageLinks.count()).toBeLessThanOrEqual(4);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  });
});

describe('adding, editing and removing a board member', () => {
  it('prefills from the last-name search and checks the form as the spec says', async () => {
    await openRoute(page, '/addMemberBoard');
    const add = page.getByRole('button', { name: 'Add Member Board' });
    await page.getByText('Type is Required *').waitFor();
    expect(await add.isDisabled()).toBe(true);

    await field('Search by last name').fill('pat');
    await until(async () => (await field('First Name').inputValue()) !== '', 'the form fills');
    expect((await field('Last Name').inputValue()).toLowerCase()).toContain('pat');
    const chosen = await page.getByRole('combobox', { name: 'Member', exact: true }).inputValue();
    expect(chosen).toMatch(/^\S+ \S+ \([A-Z]{2}\d{4}\)$/);
    expect(chosen.startsWith(await field('First Name').inputValue())).toBe(true);

    await field('Search by last name').fill('');
    await until(async () => (await field('First Name').inputValue()) === '', 'the form clears');
    expect(await field('Email').inputValue()).toBe('');
    await field('Search by last name').fill('pat');
    await until(
      async () => (await field('First Name').inputValue()) !== '',
      'the form fills again',
    );

    await field('Email').fill('abc');
    await page.getByText('Email is not Valid.').waitFor();
    await field('Email').fill(NEW_EMAIL);
    await field('Contact Phone').fill('31255');
    expect(await field('Contact Phone').inputValue()).toBe('(312) 55');
    await page.getByText('Invalid Format').waitFor();
    await field('Contact Phone').fill('31255501999');
    expect(await field('Contact Phone').inputValue()).toBe('(312) 555-0199');
    await expectAccessible(page);
  });

  it('shows the password fields for Temp Admin only, and whether they match', async () => {
    await chooseOption('Member Type', 'Temp Admin');
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirm Password', exact: true });
    await password.fill(NEW_PASSWORD);
    await confirm.fill('something-else');
    await page.getByText('password not matching').waitFor();
    await page.getByRole('button', { name: 'Show or hide the password' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await chooseOption('Member Type', 'Trustee');
    expect(await password.count()).toBe(0);
    await chooseOption('Member Type', 'Temp Admin');
    expect(await password.inputValue()).toBe('');
    await password.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await page.getByText('password matched').waitFor();
  });

  it('previews a chosen picture at 120 × 120 and removes it again', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#1d7a4f' },
    })
      .png()
      .toBuffer();
    const input = page.locator('main input[type="file"]');
    await input.setInputFiles({ name: 'face.gif', mimeType: 'image/gif', buffer: png });
    await page.getByText('Only png, jpg and jpeg images can be chosen.').waitFor();
    await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Chosen profile picture' });
    await preview.waitFor();
    const box = await preview.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([120, 120]);
    await page.getByRole('button', { name: 'Remove image' }).click();
    await page.getByRole('img', { name: 'Default picture' }).waitFor();
    await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
    await preview.waitFor();
  });

  it('adds the Temp Admin: Enter sends nothing, the button sends, "Created", back to the list', async () => {
    // A Temp Admin needs a window: today to today
    // Each picker's today, in its own open calendar; it closes before the next one opens
    const today = page.locator('[data-today]:not([data-outside]):visible');
    for (const label of ['Validity Start', 'Validity End']) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await today.first().click();
      await today.first().waitFor({ state: 'hidden' });
    }
    const add = page.getByRole('button', { name: 'Add Member Board' });
    await until(async () => !(await add.isDisabled()), 'the form is valid');

    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/memberBoard')) posted += 1;
    });
    await field('Email').press('Enter');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(posted).toBe(0);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/memberBoard')),
      add.click(),
    ]);
    // The spec's form is multipart (its parts are checked in the API tests)
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await page.getByText('Created', { exact: true }).waitFor();
    await page.waitForURL(/#\/listMemberBoard$/);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(NEW_EMAIL);
    await until(async () => (await rows().count()) === 1, 'the new row shows');
    expect(await rows().first().innerText()).toContain('Temp Admin');
    expect(await rows().first().getByRole('img').getAttribute('src')).toMatch(
      /^\/api\/images\/[A-Za-z0-9_-]{22}\/thumb$/,
    );
  });

  it('refuses the same e-mail again with the server’s words, and the user stays', async () => {
    await openRoute(page, '/addMemberBoard');
    await field('First Name').fill('Twice');
    await field('Email').fill(NEW_EMAIL);
    await field('Contact Phone').fill('7135550100');
    await chooseOption('Member Type', 'Trustee');
    await page.getByRole('button', { name: 'Add Member Board' }).click();
    await page.getByText('A board member with this e-mail already exists.').first().waitFor();
    expect(page.url()).toMatch(/#\/addMemberBoard$/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/#\/listMemberBoard$/);
  });

  it('edits in place: Invalid Format blocks, Update saves, the list shows the new phone', async () => {
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(NEW_EMAIL);
    await until(async () => (await rows().count()) === 1, 'the row shows');
    await rows()
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    await page.getByRole('heading', { name: 'Edit Executive / Trustee / TAdmin Member' }).waitFor();
    await page.getByRole('img', { name: 'Chosen profile picture' }).waitFor();

    await page.getByRole('button', { name: 'Back to the board list' }).click();
    await rows().first().waitFor();
    await rows()
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();

    const update = page.getByRole('button', { name: 'Update Member Board' });
    await field('Contact Phone').fill('713555012');
    await page.getByText('Invalid Format').waitFor();
    expect(await update.isDisabled()).toBe(true);
    await field('Contact Phone').fill('7135550188');
    await expectAccessible(page);

    // A failing server: 'Error in Updating', and the form stays
    await page.route('**/api/memberBoard/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await update.click();
    await page.getByText('Error in Updating').waitFor();
    expect(await update.isVisible()).toBe(true);
    await page.unrouteAll();

    await update.click();
    await page.getByText('Updated Successfully').waitFor();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(NEW_EMAIL);
    await until(
      async () => (await rows().first().innerText()).includes('(713) 555-0188'),
      'the list shows the new phone',
    );
  });

  it('lets the new Temp Admin sign in and list the board without Edit or Remove', async () => {
    const other = await contextOf(1280, 900);
    const tempPage = await other.newPage();
    try {
      await signIn(tempPage, NEW_EMAIL, NEW_PASSWORD);
      await openRoute(tempPage, '/listMemberBoard');
      await tempPage.locator('main table tbody tr').first().waitFor();
      expect(await tempPage.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      expect(await tempPage.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('removes after confirmation: "Deleted Record successfully !!", the row is gone', async () => {
    await rows()
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Their temporary admin sign-in ends at once.').waitFor();
    // Colours are judged once the dialog has faded in
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Deleted Record successfully !!').waitFor();
    await page.getByText('No board member matches your search.').waitFor();
  });

  it('fits a 375 px phone', async () => {
    const phone = await contextOf(375, 812);
    const small = await phone.newPage();
    try {
      await signIn(small, 'admin@example.org');
      await openRoute(small, '/listMemberBoard');
      await small.locator('main table tbody tr').first().waitFor();
      await expectAccessible(small);
      await openRoute(small, '/addMemberBoard');
      await small.getByText('Type is Required *').waitFor();
      await expectAccessible(small);
    } finally {
      await phone.close();
    }
  });
});
