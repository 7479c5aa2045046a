/**
 * Journey of the "payments you can trust" issue: a visitor buys two non-member tickets through the
 * mock provider (declined once, then paid), lands on the receipt screen, the receipt e-mail is
 * written, and an admin finds the payment in the ticket report and downloads it as a spreadsheet.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Download, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TEvent } from '../domain/contracts/events';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import { formatMoney, parseMoney } from '../domain/money';
import { baseUrl, expectAccessible, launchBrowser, openRoute, signInThroughForm } from './browser';

const BUYER = {
  fname: 'Asha',
  lname: 'Patel',
  email: `asha.${Date.now()}@example.org`,
  phoneTyped: '3125550199',
  phoneShown: '(312) 555-0199',
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

/** Another visitor: a context of its own, in the association's time zone. */
async function freshTab(): Promise<{ context: BrowserContext; page: Page }> {
  const other = await browser.newContext({ baseURL: baseUrl() });
  const tab = await other.newPage();
  tab.setDefaultTimeout(15_000);
  return { context: other, page: tab };
}

async function newestReceiptMentioning(transactionId: string, timeoutMs: number): Promise<string> {
  const mailDir = path.join(inject('dataDir'), 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const name of files) {
      const text = fs.readFileSync(path.join(mailDir, name), 'utf8');
      if (text.includes(transactionId)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No receipt mentioning ${transactionId} within ${timeoutMs} ms.`);
}

async function cellsOfWorkbook(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))),
  );
  return cells;
}

/** Pays the open mock checkout with the test card that pays, and waits for the success screen. */
async function payOnMockPage(tab: Page, successPath: string): Promise<void> {
  await tab.waitForURL(/#\/checkout\/mock\//);
  await tab.getByLabel('Card number').fill(MOCK_TEST_CARDS.pays);
  await tab.getByLabel('Expiry (MM/YY)').fill('12/30');
  await tab.getByLabel('CVC').fill('123');
  await tab.getByRole('button', { name: /^Pay / }).click();
  await tab.waitForURL(new RegExp(`#${successPath}\\?`));
}

const signInAsDemoMember = (tab: Page) =>
  signInThroughForm(tab, '/auth/memberlogin', 'member@example.org', 'samaj-demo');

/** Counts the POST requests the page sends to one API path, until stopped. */
function recordCallsTo(tab: Page, apiPath: string) {
  let count = 0;
  const listener = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === apiPath) count += 1;
  };
  tab.on('request', listener);
  return { count: () => count, stop: () => tab.off('request', listener) };
}

async function signInDemoMember(): Promise<{ authToken: string; user: { MemberId: number } }> {
  const signIn = await fetch(`${baseUrl()}/api/memlogin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'member@example.org', password: 'samaj-demo' }),
  });
  return (await signIn.json()) as { authToken: string; user: { MemberId: number } };
}

async function demoMemberId(): Promise<number> {
  return (await signInDemoMember()).user.MemberId;
}

/** An event the demo member's family may still buy a member ticket for, and its name. */
async function eventWithMemberAllowance(): Promise<{ id: number; name: string }> {
  const { authToken, user } = await signInDemoMember();
  const events = (await (await fetch(`${baseUrl()}/api/currentupcomingevent`)).json()) as TEvent[];
  for (const event of events) {
    const answer = await fetch(
      `${baseUrl()}/api/nonmember/maxticket/${event.id}/${user.MemberId}`,
      {
        headers: { Authorization: `Bearer ${authToken}` },
      },
    );
    const { maxticket } = (await answer.json()) as { maxticket: number };
    if (maxticket > 0) return { id: event.id, name: event.eventName };
  }
  throw new Error('No coming event leaves the demo family a member ticket to buy.');
}

describe('payments you can trust', () => {
  let transactionId = '';
  let eventName = '';

  it('sells two non-member tickets through the mock provider, after one declined card', async () => {
    await openRoute(page, '/event');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    const firstEvent = page.getByRole('article').first();
    await firstEvent.waitFor();
    await expectAccessible(page);

    eventName = (await firstEvent.getByRole('heading', { level: 2 }).innerText()).trim();
    await firstEvent.getByRole('link', { name: `View event: ${eventName}` }).click();
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor();
    const eventId = Number(/viewevent\/(\d+)/.exec(page.url())?.[1]);
    const event = (await (await fetch(`${baseUrl()}/api/event/${eventId}`)).json()) as TEvent;
    const total = formatMoney((parseMoney(event.nonMemberPrice) ?? 0) * 2);

    await page.getByLabel('First name').fill(BUYER.fname);
    await page.getByLabel('Last name').fill(BUYER.lname);
    await page.getByLabel('Email').fill(BUYER.email);
    await page.getByLabel('Phone').pressSequentially(BUYER.phoneTyped);
    expect(await page.getByLabel('Phone').inputValue()).toBe(BUYER.phoneShown);
    await page.getByLabel('Number of tickets').fill('2');
    await page.getByText(`Total: ${total}`).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.waitForURL(/#\/checkout\/mock\//);
    await page.getByRole('heading', { level: 1, name: 'Pay for your order' }).waitFor();
    await page.getByText(total, { exact: true }).waitFor();
    await page.getByText(MOCK_TEST_CARDS.declines).waitFor();
    await expectAccessible(page);

    // Another visitor sees the two seats as being paid for, not as gone
    const other = await freshTab();
    await openRoute(other.page, `/viewevent/${eventId}`);
    await other.page
      .getByText(`${event.seatsLeft - 2} left, ${event.seatsHeld + 2} being paid for`)
      .waitFor();
    await other.context.close();

    const cardNumber = page.getByLabel('Card number');
    await cardNumber.pressSequentially(MOCK_TEST_CARDS.declines.replaceAll(' ', ''));
    expect(await cardNumber.inputValue()).toBe(MOCK_TEST_CARDS.declines);
    await page.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
    expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await expectAccessible(page);

    await cardNumber.fill('');
    await cardNumber.pressSequentially(MOCK_TEST_CARDS.pays.replaceAll(' ', ''));
    await page.getByRole('button', { name: `Pay ${total}` }).click();

    await page.waitForURL(/#\/success\/nonmember\?/);
    await page.getByRole('heading', { level: 1, name: /Event Payment Successfull$/ }).waitFor();
    transactionId = new URL(page.url().replace('#/', '')).searchParams.get('transaction_id') ?? '';
    expect(transactionId).not.toBe('');
    await page.getByText(`Transaction Complete for ${BUYER.email}`).waitFor();
    expect(await page.getByTestId('transaction-id').innerText()).toBe(transactionId);
    await page.getByText('Receipt is Generated and Sent to your Email.').waitFor();
    await page.getByRole('cell', { name: total }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/#\/event$/);
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
  });

  it('writes the receipt e-mail to the outbox', async () => {
    const receipt = await newestReceiptMentioning(transactionId, 15_000);
    expect(receipt).toContain(BUYER.email);
  });

  it('stops at once on a transaction id nobody paid, after one record call, and shows no receipt', async () => {
    const recordCalls = recordCallsTo(page, '/api/nonmember/paymentnonmember');
    try {
      await openRoute(page, '/success/nonmember?email=x%40example.org&transaction_id=forged-id');
      // Promptly: well before a single polling interval would have passed twice
      await page
        .getByRole('heading', { level: 1, name: 'We could not find this payment' })
        .waitFor({ timeout: 3_000 });
      await page.getByText(/^No payment has this transaction ID\./).waitFor();
      expect(await page.getByText('Transaction Complete for').count()).toBe(0);
      expect(await page.getByText('Confirming your payment…').count()).toBe(0);
      await expectAccessible(page);
      // Two polling intervals later, still the one call
      await page.waitForTimeout(4_500);
      expect(recordCalls.count()).toBe(1);
    } finally {
      recordCalls.stop();
    }
  });

  it('shows the payment in the ticket report and downloads it as a spreadsheet', async () => {
    await openRoute(page, '/auth/login?returnUrl=%2Freports');
    await page.getByLabel('Email').fill('admin@example.org');
    await page.locator('input[type="password"]').fill('samaj-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await expectAccessible(page);

    const section = page.getByRole('region', { name: 'Event Ticket Payment Reports' });
    const submit = section.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    for (const picker of ['Start date', 'End date']) {
      await section.getByLabel(picker).click();
      await page.locator('[data-today]:visible').click();
      // The calendar closes with an animation: wait until it is gone before opening the next.
      await expect.poll(() => page.locator('[data-today]:visible').count()).toBe(0);
    }
    await submit.click();
    const row = section.getByRole('row').filter({ hasText: transactionId });
    await row.waitFor();
    await row.getByRole('link', { name: eventName }).waitFor();
    await expectAccessible(page);

    // The file opens in a new tab; Chromium may report its download on that tab or on this page.
    const downloaded = new Promise<Download>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No spreadsheet was downloaded.')), 15_000);
      const done = (download: Download) => {
        clearTimeout(timer);
        resolve(download);
      };
      page.once('download', done);
      context.once('page', (tab) => tab.once('download', done));
    });
    await section.getByRole('button', { name: 'Download' }).click();
    const download = await downloaded;
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    expect(await cellsOfWorkbook(file)).toContain(transactionId);

    // Downloading hides the results and resets the form.
    await row.waitFor({ state: 'detached' });
    expect(await section.getByRole('button', { name: 'Download' }).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);
  });

  it('sells a table for 10 once its seats add up, with its own success screen', async () => {
    const { context: tableContext, page: tab } = await freshTab();
    try {
      await openRoute(tab, '/event');
      await tab
        .getByRole('article')
        .first()
        .getByRole('link', { name: /^View event: / })
        .click();
      // Mantine hides the radio itself behind its label.
      await tab.getByText('Table for 10', { exact: true }).click();
      await tab.getByLabel('First name').fill('Ravi');
      await tab.getByLabel('Last name').fill('Shah');
      await tab.getByLabel('Email').fill(`ravi.${Date.now()}@example.org`);
      await tab.getByLabel('Phone').fill('7135550123');
      await tab.getByLabel('Adults').fill('4');
      await tab.getByLabel('Kids (Under 5 years)').fill('2');
      await tab.getByLabel('Kids (6 to 13 years)').fill('2');
      await tab.getByRole('button', { name: 'Continue to payment' }).click();
      await tab
        .getByText('Adults and kids must add up to the 10 seats of the table (8 now).')
        .waitFor();
      expect(tab.url()).toMatch(/#\/viewevent\//);
      await expectAccessible(tab);

      await tab.getByLabel('Adults').fill('6');
      await tab.getByRole('button', { name: 'Continue to payment' }).click();
      await payOnMockPage(tab, '/success/table');
      await tab
        .getByRole('heading', { level: 1, name: /Event Table For 10 Payment Successfull$/ })
        .waitFor();
      await tab
        .getByText('Adult 6 ticket(s), Kids (Under 5 years): 2 ticket(s)', { exact: false })
        .waitFor();
      await tab.getByRole('cell', { name: '10', exact: true }).waitFor();
      await expectAccessible(tab);
    } finally {
      await tableContext.close();
    }
  });

  it('lets a signed-in member buy member tickets through the summary page', async () => {
    const event = await eventWithMemberAllowance();
    const { context: memberContext, page: tab } = await freshTab();
    try {
      await signInAsDemoMember(tab);

      await openRoute(tab, `/viewevent/${event.id}`);
      await tab.getByText(/Your family may buy up to \d+ more member tickets/).waitFor();
      await expectAccessible(tab);
      await tab.getByRole('button', { name: 'Review and pay' }).click();

      await tab.getByRole('heading', { level: 1, name: 'Checkout ticket member' }).waitFor();
      await tab.getByRole('cell', { name: 'member@example.org' }).waitFor();
      await expectAccessible(tab);
      await tab.getByRole('button', { name: 'Continue to payment' }).click();
      await payOnMockPage(tab, '/success/member-ticket');
      await tab.getByRole('heading', { level: 1, name: /Event Payment Successfull$/ }).waitFor();
      await tab.getByText('Transaction Complete for member@example.org').waitFor();
      await expectAccessible(tab);

      await tab.getByRole('link', { name: 'View Event' }).click();
      await tab.waitForURL(new RegExp(`#/viewevent/${event.id}$`));
      await tab.getByRole('heading', { level: 1, name: event.name }).waitFor();
    } finally {
      await memberContext.close();
    }
  });

  it('stops the family view at once on a made-up dependent payment, after one record call', async () => {
    const { context: memberContext, page: tab } = await freshTab();
    try {
      await signInAsDemoMember(tab);
      const memberId = await demoMemberId();
      expect(memberId).toBeGreaterThan(0);

      const recordCalls = recordCallsTo(tab, '/api/payment_dependent');
      await openRoute(
        tab,
        `/family?email=member%40example.org&member_id=${memberId}&dependent=1&transaction_id=forged-id&amount=25.75`,
      );
      await tab
        .getByText('No payment has this transaction ID, so nothing was added to the family.')
        .waitFor({ timeout: 3_000 });
      await tab.waitForURL((url) => !url.hash.includes('transaction_id'));
      expect(await tab.getByLabel('Confirming your payment…').count()).toBe(0);
      await tab.waitForTimeout(4_500);
      expect(recordCalls.count()).toBe(1);
      recordCalls.stop();
    } finally {
      await memberContext.close();
    }
  });
});
