/**
 * Journey of the waiting list (issue 9): a sold-out event offers "Join the waiting list"; a
 * visitor joins, confirms the e-mailed link, seats come free (the admin raises the capacity),
 * the edit itself e-mails a link that holds them (the confirmation link now points to it too),
 * and the visitor buys from that link, details filled in, with the mock test card. Staff then see the entry on the event's waiting list. Axe
 * scans every new screen at 1280 and 375 px.
 */
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
  associationTimeZone,
} from './browser';
import { linkMailedTo } from './written-mail';
import { callApi as api } from './server-api';

const stamp = Date.now().toString(36);
const EVENT_NAME = `Diwali Garba ${stamp}`;
const FAMILY = { fname: 'Kavya', lname: 'Trivedi', email: `kavya.${stamp}@example.org` };

let browser: Browser;
let adminToken: string;
let eventId: number;

async function tab(phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: phone ? { width: 375, height: 800 } : { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Axe at both widths, leaving the page at `back` (desktop unless told). */
async function accessibleAtBothWidths(page: Page, back: 'desktop' | 'phone' = 'desktop') {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  if (back === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
}

const eventValues = (capacity: number) => ({
  eventName: EVENT_NAME,
  eventDescription: 'Garba and dandiya under the lights.',
  eventDate: addDays(toCalendarDate(new Date(), associationTimeZone()), 14),
  eventTime: '19:00',
  venue: 'Samaj Hall',
  memberPrice: '10',
  nonMemberPrice: '15',
  tablePrice: '140',
  capacity,
});

beforeAll(async () => {
  browser = await launchBrowser();
  const signIn = await api('/user/signin', {
    method: 'POST',
    body: { email: 'admin@example.org', password: DEMO_PASSWORD },
  });
  adminToken = signIn.authToken as string;
  const saved = await api('/event', { method: 'POST', body: eventValues(2), token: adminToken });
  eventId = (saved.event as { id: number }).id;
  // Another family buys both seats: the event is sold out
  const started = await api('/checkout', {
    method: 'POST',
    body: {
      kind: 'nonmember-ticket',
      eventid: eventId,
      ticket: 2,
      buyer: {
        fname: 'Ravi',
        lname: 'Mehta',
        email: `ravi.${stamp}@example.org`,
        contact: '3125550101',
      },
    },
  });
  await api(`/payments/mock/${started.transactionID as string}/confirm`, {
    method: 'POST',
    body: { cardNumber: MOCK_TEST_CARDS.pays, expiry: '12/30', cvc: '123' },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the waiting list', () => {
  let confirmLink: string;
  let offerLink: string;

  it('a sold-out event offers the waiting list, and the form checks its fields', async () => {
    const { context, page } = await tab();
    try {
      await openRoute(page, `/viewevent/${eventId}`);
      await page.getByRole('heading', { level: 1, name: EVENT_NAME }).waitFor();
      await page.getByText('This event is sold out.').waitFor();
      await accessibleAtBothWidths(page);

      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      const dialog = page.getByRole('dialog', { name: `Join the waiting list: ${EVENT_NAME}` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
      await dialog.getByText('First name is required').waitFor();
      await dialog.getByText('Last name is required').waitFor();
      await dialog.getByText('Email is required.').waitFor();
      await dialog.getByText('Invalid Format').waitFor();
      await accessibleAtBothWidths(page);

      await dialog.getByLabel('First name').fill(FAMILY.fname);
      await dialog.getByLabel('Last name').fill(FAMILY.lname);
      await dialog.getByLabel('Email').fill('kavya-at-example');
      await dialog.getByLabel('Phone').pressSequentially('3125550177');
      await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
      await dialog.getByText('Email is not Valid.').waitFor();
      await dialog.getByLabel('Email').fill(FAMILY.email);
      await dialog.getByLabel('Seats your family needs').fill('2');
      const since = Date.now() - 1000;
      await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
      await dialog.getByText(`we sent an e-mail to ${FAMILY.email}`).waitFor();
      await accessibleAtBothWidths(page);
      confirmLink = await linkMailedTo(
        FAMILY.email,
        /https?:\/\/\S+#\/waitlist\/confirm\/[A-Za-z0-9_-]+/,
        {
          since,
        },
      );
      expect(confirmLink.startsWith(`${baseUrl()}/#/waitlist/confirm/`)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the e-mailed link confirms the place in line', async () => {
    const { context, page } = await tab(true);
    try {
      await page.goto(confirmLink);
      await page.getByText('Your e-mail is confirmed: you are on the waiting list.').waitFor();
      await page.getByText('You are number 1 in line.').waitFor();
      await accessibleAtBothWidths(page, 'phone');
    } finally {
      await context.close();
    }
  });

  it('seats come free and the offer mail holds them for the family', async () => {
    const since = Date.now() - 1000;
    // The hall grew by two seats: the edit itself offers them to the family (no timer wait)
    await api(`/eventupdatedelete/${eventId}`, {
      method: 'PUT',
      body: eventValues(4),
      token: adminToken,
    });
    offerLink = await linkMailedTo(
      FAMILY.email,
      /https?:\/\/\S+#\/viewevent\/\d+\?offer=[A-Za-z0-9_-]+/,
      { since, timeoutMs: 50_000 },
    );
    expect(offerLink.startsWith(`${baseUrl()}/#/viewevent/${eventId}?offer=`)).toBe(true);
    // The offer's seats are held: the event stays sold out for everyone else
    const event = await api(`/event/${eventId}`, {});
    expect(event).toMatchObject({ seatsLeft: 0, seatsHeld: 2 });
  }, 60_000);

  it('the confirmation link, opened again, now points to the offer', async () => {
    const { context, page } = await tab(true);
    try {
      await page.goto(confirmLink);
      await page.getByText('seats came free, and 2 seats are held for you until').waitFor();
      await accessibleAtBothWidths(page, 'phone');
      await page.getByRole('link', { name: 'Buy your tickets' }).click();
      await page
        .getByRole('heading', { level: 2, name: 'Your seats from the waiting list' })
        .waitFor();
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe(FAMILY.email);
    } finally {
      await context.close();
    }
  });

  it('the offer link opens the purchase with the family filled in, paid with the test card', async () => {
    const { context, page } = await tab(true);
    try {
      await page.goto(offerLink);
      await page
        .getByRole('heading', { level: 2, name: 'Your seats from the waiting list' })
        .waitFor();
      await page.getByText('2 seats are held for you until').waitFor();
      await expect(page.getByLabel('First name').inputValue()).resolves.toBe(FAMILY.fname);
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe(FAMILY.email);
      await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('(312) 555-0177');
      await expect(page.getByLabel('Number of tickets').inputValue()).resolves.toBe('2');
      await page.getByText('Total: $30.00').waitFor();
      await accessibleAtBothWidths(page, 'phone');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/#\/checkout\/mock\//);
      await page.getByLabel('Card number').fill(MOCK_TEST_CARDS.pays);
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $30.00' }).click();
      await page.waitForURL(/#\/success\/nonmember\?/);
      await page.getByRole('heading', { level: 1, name: /Event Payment Successfull$/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("staff see the event's waiting list from the manage screen", async () => {
    const { context, page } = await tab();
    try {
      await openRoute(page, '/auth/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('temp@example.org');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/#\/$/);
      await openRoute(page, '/events');
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(EVENT_NAME);
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
      const row = page.getByRole('row').filter({ hasText: EVENT_NAME });
      await row.getByRole('button', { name: `Waiting list of ${EVENT_NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Waiting list: ${EVENT_NAME}` });
      const entry = dialog.getByRole('listitem').filter({ hasText: FAMILY.email });
      await entry.waitFor();
      // Bought once the timer has seen the payment; the offer is open until then
      await entry.getByText(/^(Bought|Offer open)$/).waitFor();
      await accessibleAtBothWidths(page);
    } finally {
      await context.close();
    }
  });
});
