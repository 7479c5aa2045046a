/**
 * Journey of refunds (issue 15): a visitor buys two non-member tickets ($15 each) of an event the
 * journey creates; an admin opens the ticket report, refunds $10 of the payment (it shows "Partly
 * refunded", gross $30.00, refunded $10.00, net $20.00), then the remaining $20.00 (it shows
 * "Refunded", net $0.00), and the report's totals follow. A temporary admin sees the refunds
 * but no Refund button. Cancelling a second event with "Refund every buyer" refunds its buyer in
 * the same step. Axe scans the report, the refund dialog, the refunded report, the temporary
 * admin's report and the cancel dialog before and after.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { addDays, toCalendarDate } from '../domain/dates';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import {
  baseUrl,
  expectAccessible,
  launchBrowser,
  openRoute,
  associationTimeZone,
} from './browser';
import { callApi as api } from './server-api';

const EVENT_NAME = `Refund Evening ${Date.now()}`;
const CANCELLED_NAME = `Rained Out ${Date.now()}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let transactionId: string;
/** A second purchase of the same event, never refunded. */
let keptId: string;
let cancelledBuyId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);

  const signIn = await api('/user/signin', {
    method: 'POST',
    body: { email: 'admin@example.org', password: DEMO_PASSWORD },
  });
  const token = signIn.authToken as string;
  const first = await createEvent(EVENT_NAME, token);
  transactionId = await buyTwoTickets(first);
  keptId = await buyTwoTickets(first);
  cancelledBuyId = await buyTwoTickets(await createEvent(CANCELLED_NAME, token));
});

async function createEvent(name: string, token: string): Promise<number> {
  const saved = await api('/event', {
    method: 'POST',
    token,
    body: {
      eventName: name,
      eventDescription: 'An evening the journey refunds.',
      eventDate: addDays(toCalendarDate(new Date(), associationTimeZone()), 20),
      eventTime: '19:00',
      venue: 'Samaj Hall',
      memberPrice: '10',
      nonMemberPrice: '15',
      tablePrice: '140',
      capacity: 40,
    },
  });
  return (saved.event as { id: number }).id;
}

let buyers = 0;
/** Two $15 non-member tickets paid with the mock card; answers the transaction id. */
async function buyTwoTickets(eventId: number): Promise<string> {
  buyers += 1;
  const started = await api('/checkout', {
    method: 'POST',
    body: {
      kind: 'nonmember-ticket',
      eventid: eventId,
      ticket: 2,
      buyer: {
        fname: 'Ravi',
        lname: 'Refund',
        email: `ravi.${Date.now()}.${buyers}@example.org`,
        contact: '7135550177',
      },
    },
  });
  const id = started.transactionID as string;
  await api(`/payments/mock/${id}/confirm`, {
    method: 'POST',
    body: { cardNumber: MOCK_TEST_CARDS.pays, expiry: '12/30', cvc: '123' },
  });
  return id;
}

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

function paymentRow(section: Locator, id = transactionId): Locator {
  return section.getByRole('row').filter({ hasText: id });
}

/** Signs in at the admin sign-in and runs today's ticket report; answers its section. */
async function todaysTicketReport(tab: Page, email: string): Promise<Locator> {
  await openRoute(tab, '/auth/login?returnUrl=%2Freports');
  await tab.getByLabel('Email').fill(email);
  await tab.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  const section = tab.getByRole('region', { name: 'Event Ticket Payment Reports' });
  for (const picker of ['Start date', 'End date']) {
    await section.getByLabel(picker).click();
    await tab.locator('[data-today]:visible').click();
    await expect.poll(() => tab.locator('[data-today]:visible').count()).toBe(0);
  }
  await section.getByRole('button', { name: 'Submit' }).click();
  return section;
}

/** Gross, refunded and net as the row shows them (the money cells follow the dates). */
async function moneyOf(row: Locator): Promise<string[]> {
  const cells = await row.getByRole('cell').allInnerTexts();
  return cells.slice(-4, -1);
}

async function refund(section: Locator, amount: string, reason: string) {
  await paymentRow(section)
    .getByRole('button', { name: `Refund payment ${transactionId}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Refund ${transactionId}` });
  await dialog.waitFor();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Amount to refund' }).fill(amount);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('refunds from the ticket report', () => {
  it('refunds part, then the rest, of a payment and shows gross, refunded and net', async () => {
    const section = await todaysTicketReport(page, 'admin@example.org');
    await paymentRow(section).waitFor();
    expect(await moneyOf(paymentRow(section))).toEqual(['$30.00', '$0.00', '$30.00']);
    await expectAccessible(page);

    await refund(section, '10', 'One guest cannot come');
    await expect.poll(() => moneyOf(paymentRow(section))).toEqual(['$30.00', '$10.00', '$20.00']);
    await paymentRow(section).getByText('Partly refunded').waitFor();
    // The state and the Refund button get the width they need: the table scrolls rather than
    // cutting the state short and the button off at its edge
    const stateLabel = paymentRow(section).locator('.mantine-Badge-label');
    expect(await stateLabel.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    const refundCell = paymentRow(section).getByRole('cell').last();
    const cellBox = await refundCell.boundingBox();
    const buttonBox = await refundCell.getByRole('button').boundingBox();
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width);

    // The dialog offers all that is left; the rest refunds the payment in full
    await paymentRow(section)
      .getByRole('button', { name: `Refund payment ${transactionId}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Refund ${transactionId}` });
    expect(await dialog.getByRole('textbox', { name: 'Amount to refund' }).inputValue()).toBe(
      '20.00',
    );
    await dialog.getByRole('button', { name: 'Keep the payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await refund(section, '20.00', 'The family cannot come');
    await expect.poll(() => moneyOf(paymentRow(section))).toEqual(['$30.00', '$30.00', '$0.00']);
    await paymentRow(section).getByText('Refunded', { exact: true }).waitFor();
    expect(
      await paymentRow(section)
        .getByRole('button', { name: `Refund payment ${transactionId}` })
        .count(),
    ).toBe(0);

    const totals = section.getByRole('row').filter({ hasText: 'Totals' });
    const [gross, refunded, net] = (await totals.getByRole('cell').allInnerTexts()).slice(0, 3);
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
    expect(cents(refunded)).toBeGreaterThanOrEqual(3000);
    expect(cents(gross) - cents(refunded)).toBe(cents(net));
    await expectAccessible(page);
  });

  it('shows a temporary admin the refunds but no Refund button', async () => {
    const other = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
    });
    const tab = await other.newPage();
    tab.setDefaultTimeout(15_000);
    try {
      const section = await todaysTicketReport(tab, 'temp@example.org');
      await paymentRow(section).getByText('Refunded', { exact: true }).waitFor();
      expect(await moneyOf(paymentRow(section))).toEqual(['$30.00', '$30.00', '$0.00']);
      await paymentRow(section, keptId).waitFor();
      expect(await section.getByRole('button', { name: /^Refund payment / }).count()).toBe(0);
      await expectAccessible(tab);
    } finally {
      await other.close();
    }
  });
});

describe("a member's payment history", () => {
  it('offers an admin the Refund button beside each paid payment', async () => {
    await openRoute(page, '/');
    await openRoute(page, '/member');
    const rows = page.locator('tbody tr[data-member-id]');
    await rows.first().waitFor();
    await page
      .getByPlaceholder('Start Searching for a FamilyID , Name , Email , Address')
      .fill('member@example.org');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Payments', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Payments of / });
    await dialog
      .getByText(/^Receipt /)
      .first()
      .waitFor();
    // Only looked at: other journeys read the demo member's payments as they are
    await dialog
      .getByRole('button', { name: /^Refund payment / })
      .first()
      .waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe('cancelling an event with its refunds', () => {
  it('refunds every buyer in the same step', async () => {
    await openRoute(page, '/events');
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(CANCELLED_NAME);
    await page.getByRole('button', { name: `Cancel ${CANCELLED_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel ${CANCELLED_NAME}?` });
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: 'Refund every buyer in full now' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel the event' }).click();
    await dialog.getByText('1 payment refunded now.').waitFor();
    await dialog.getByText(cancelledBuyId).waitFor();
    await expectAccessible(page);
  });
});
