/**
 * Offline payments (issue 15): a global admin adds a family at the desk ("Add member (paid
 * offline)"), records its first payment by cheque (the number is asked for), reviews the amount,
 * sees the receipt with its transaction ID, finds the payment in the member's history, and the
 * receipt e-mail names the cheque; records member tickets for cash from the member's payment
 * history and sells non-member tickets from the manage-events screen, each with its door code's
 * QR. A temporary admin sees none of the buttons. The journey makes its own member and event; axe scans
 * each step.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { addDays, toCalendarDate } from '../domain/dates';
import { baseUrl, expectAccessible, launchBrowser, openRoute } from './browser';
import { mailWith } from './written-mail';
import { callApi } from './server-api';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let eventId: number;

const stamp = Date.now();
const MEMBER_EMAIL = `offline.${stamp}@example.org`;
const EVENT_NAME = `Offline Evening ${stamp}`;
const CHEQUE = `CHQ${String(stamp).slice(-6)}`;
const LAST_NAME = `Offline${String(stamp).slice(-4)}`;

/** The journey's calls, as the admin once signed in. */
const api = <T>(pathname: string, init: { method?: string; body?: unknown } = {}) =>
  callApi<T>(pathname, { ...init, token });

beforeAll(async () => {
  token = (
    await api<{ authToken: string }>('/user/signin', {
      method: 'POST',
      body: { email: 'admin@example.org', password: DEMO_PASSWORD },
    })
  ).authToken;
  eventId = (
    await api<{ event: { id: number } }>('/event', {
      method: 'POST',
      body: {
        eventName: EVENT_NAME,
        eventDescription: 'An evening paid at the door.',
        eventDate: addDays(toCalendarDate(new Date(), 'America/Chicago'), 20),
        eventTime: '18:00',
        venue: 'Samaj Hall',
        memberPrice: '10.00',
        nonMemberPrice: '15.00',
        tablePrice: '120.00',
        capacity: 40,
      },
    })
  ).event.id;

  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await openRoute(page, '/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/#\/$/);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Opens a row action of the journey's member, active once its first payment is recorded. */
async function openMemberAction(action: string): Promise<void> {
  await openRoute(page, '/member');
  await page
    .getByPlaceholder('Start Searching for a FamilyID , Name , Email , Address')
    .fill(MEMBER_EMAIL);
  await expect.poll(() => page.locator('tbody tr[data-member-id]').count()).toBe(1);
  const row = page.locator('tbody tr[data-member-id]').filter({ hasText: MEMBER_EMAIL });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('offline payments', () => {
  it('adds a family paid by cheque from the member list and shows its receipt', async () => {
    await openRoute(page, '/member');
    await page.getByRole('button', { name: 'Add member (paid offline)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member (paid offline)' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Membership plan' }).selectOption({
      label: 'Life Membership',
    });
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Lakshmi');
    await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(LAST_NAME);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(MEMBER_EMAIL);
    await dialog.getByLabel('Contact phone').pressSequentially('7135550123');
    await dialog.getByLabel('Street').fill('12 Hillcroft Ave');
    await dialog.getByLabel('City').fill('Houston');
    await dialog.getByRole('combobox', { name: 'State' }).fill('Texas');
    await page.getByRole('option', { name: 'Texas' }).click();
    await dialog.getByLabel('Zipcode').fill('77036');
    await dialog.getByLabel('Date of birth').fill('1980-04-04');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByText(`The family is entered (${MEMBER_EMAIL}).`, { exact: false }).waitFor();

    await dialog.getByRole('radio', { name: 'Cheque' }).check();
    await dialog.getByRole('button', { name: 'Review amount' }).click();
    await dialog.getByText('Please enter the cheque number.').waitFor();
    await expectAccessible(page);

    await dialog.getByRole('textbox', { name: 'Cheque number' }).fill(CHEQUE);
    await dialog.getByRole('button', { name: 'Review amount' }).click();
    const amount = dialog.getByTestId('offline-amount');
    await amount.waitFor();
    expect(await amount.textContent()).toMatch(
      new RegExp(`^Collect \\$[\\d,.]+ \\(Cheque no\\. ${CHEQUE}\\)$`),
    );
    await expectAccessible(page);

    const recorded = page.waitForResponse(
      (response) => response.url().endsWith('/api/payments/offline') && response.ok(),
    );
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const { transactionID } = (await (await recorded).json()) as { transactionID: string };
    const receipt = dialog.getByTestId('offline-receipt');
    await receipt.waitFor();
    await receipt.getByText(transactionID).waitFor();
    await receipt
      .getByText(`Payment recorded. The receipt was e-mailed to ${MEMBER_EMAIL}.`)
      .waitFor();
    await receipt.getByText(`Cheque no. ${CHEQUE}`).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const mail = await mailWith(transactionID);
    expect(mail).toContain(MEMBER_EMAIL);
    expect(mail).toContain(`Cheque no. ${CHEQUE}`);

    // The member's payment history shows it, marked with its cheque
    await openMemberAction('Payments');
    const history = page.getByRole('dialog', { name: /^Payments/ });
    await history.getByText(transactionID, { exact: false }).waitFor();
    await history.getByText(`Cheque no. ${CHEQUE}`).waitFor();
    await expectAccessible(page);
  });

  it("records member tickets for cash from the member's payment history, with a door code", async () => {
    // Still in the history of the previous step: its button opens the offline payment
    await page
      .getByRole('dialog', { name: /^Payments/ })
      .getByRole('button', { name: 'Record offline payment' })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Record offline payment for / });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Member tickets' }).check();
    await dialog.getByRole('combobox', { name: 'Event' }).selectOption(String(eventId));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Review amount' }).click();
    await dialog.getByText('Collect $10.00 (Cash)').waitFor();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByRole('img', { name: /^QR code of ticket / }).waitFor();
    await expectAccessible(page);
  });

  it('sells non-member tickets for cash from the manage-events screen, with a door code', async () => {
    await openRoute(page, '/events');
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(EVENT_NAME);
    const sell = page.getByRole('button', { name: `Record an offline sale for ${EVENT_NAME}` });
    await sell.click();
    const dialog = page.getByRole('dialog', { name: `Record offline sale for ${EVENT_NAME}` });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Gopal');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Rao');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`gopal.${stamp}@example.org`);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('7135550177');
    await dialog.getByRole('textbox', { name: 'Tickets' }).fill('2');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Review amount' }).click();
    await dialog.getByText('Collect $30.00 (Cash)').waitFor();
    const recorded = page.waitForResponse(
      (response) => response.url().endsWith('/api/payments/offline') && response.ok(),
    );
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const answer = (await (await recorded).json()) as {
      transactionID: string;
      payment: { ticketCode: string };
    };
    const qr = dialog.getByRole('img', { name: `QR code of ticket ${answer.payment.ticketCode}` });
    await qr.waitFor();
    await dialog.getByText(answer.transactionID).waitFor();
    await expectAccessible(page);

    const mail = await mailWith(answer.transactionID);
    expect(mail).toContain(answer.payment.ticketCode);
  });

  it('offers a temporary admin neither the offline payment nor the offline family', async () => {
    const tempContext = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
    });
    const tempPage = await tempContext.newPage();
    await openRoute(tempPage, '/auth/login');
    await tempPage.getByRole('textbox', { name: 'Email' }).fill('temp@example.org');
    await tempPage.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await tempPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await tempPage.waitForURL(/#\/$/);
    await openRoute(tempPage, '/member');
    const first = tempPage.locator('tbody tr[data-member-id]').first();
    await first.getByRole('button', { name: /^Actions for / }).click();
    await tempPage.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await tempPage.getByRole('menuitem').allInnerTexts()).not.toContain(
      'Record offline payment',
    );
    expect(await tempPage.getByRole('button', { name: 'Add member (paid offline)' }).count()).toBe(
      0,
    );
    // Temporary admins see the payments, not the button that records one
    await tempPage.getByRole('menuitem', { name: 'Payments', exact: true }).click();
    const history = tempPage.getByRole('dialog', { name: /^Payments/ });
    await history.waitFor();
    // Once the history has loaded (a receipt or the empty state), the button would be there
    await history.getByRole('article').first().or(history.getByText('No payments yet.')).waitFor();
    expect(await history.getByRole('button', { name: 'Record offline payment' }).count()).toBe(0);
    await tempContext.close();
  });
});
