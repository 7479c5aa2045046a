/**
 * Journey of the renewal reminders (issue 15): a family whose membership ends in 7 days gets the
 * reminder e-mail; its one-click link opens the renewal with the family filled in and no
 * password, pays on the mock checkout, and then refuses a second use; staff see the member as
 * renewed through the link in the reminders view. Axe scans every screen, at 1280 and 390 px.
 *
 * The server's clock cannot move here, so the family is made to end in 7 days: the Student plan
 * (off, and used by no other journey) is opened with a window ending in 7 days, the family joins
 * it, and the plan then moves on to its next period, which the renewal buys.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import type { TPlan } from '../domain/contracts/plans';
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
const FAMILY = {
  first: 'Ishani',
  last: `Bhatt${stamp.slice(-4)}`,
  email: `ishani.${stamp}@example.org`,
};

let browser: Browser;
let adminToken: string;
let studentPlan: TPlan;

async function tab(phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function accessibleAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

function planInput(plan: TPlan, window: { from: string; to: string }, active: boolean) {
  return {
    ...plan,
    is_active: active,
    validityType: 'Limited',
    validityFrom: window.from,
    validityTo: window.to,
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const signIn = (await api('/user/signin', {
    method: 'POST',
    body: { email: 'admin@example.org', password: DEMO_PASSWORD },
  })) as { authToken: string };
  adminToken = signIn.authToken;
  const plans = (await api('/memberplan?all=true', { token: adminToken })) as TPlan[];
  const student = plans.find((plan) => plan.prefix === 'ST');
  if (!student) throw new Error('The demo data has no Student plan.');
  studentPlan = student;
  const today = toCalendarDate(new Date(), associationTimeZone());

  // The plan's period ends in 7 days; the family joins it
  await api(`/memberplan/${student.id}`, {
    method: 'PUT',
    token: adminToken,
    body: planInput(student, { from: addDays(today, -358), to: addDays(today, 7) }, true),
  });
  const started = (await api('/checkout', {
    method: 'POST',
    body: {
      kind: 'registration',
      planId: student.id,
      member: {
        MemberFirstName: FAMILY.first,
        MemberLastName: FAMILY.last,
        email: FAMILY.email,
        password: 'renew-me-2026',
        contactPhone: '(312) 555-0177',
        street: '12 Lake Shore Dr',
        city: 'Chicago',
        state: 'IL',
        zipcode: '60601',
        dateOfBirth: '2004-05-14',
      },
      spouse: null,
      dependents: [],
    },
  })) as { transactionID: string };
  await api(`/payments/mock/${started.transactionID}/confirm`, {
    method: 'POST',
    body: { cardNumber: MOCK_TEST_CARDS.pays, expiry: '12/30', cvc: '123' },
  });
  // The association opens the plan's next period
  await api(`/memberplan/${student.id}`, {
    method: 'PUT',
    token: adminToken,
    body: planInput(student, { from: addDays(today, 8), to: addDays(today, 372) }, true),
  });
});

afterAll(async () => {
  if (studentPlan) {
    await api(`/memberplan/${studentPlan.id}`, {
      method: 'PUT',
      token: adminToken,
      body: {
        ...studentPlan,
        validityFrom: studentPlan.validityFrom,
        validityTo: studentPlan.validityTo,
      },
    }).catch(() => undefined);
  }
  await browser?.close();
});

describe('renewal reminders', () => {
  let link: string;

  it('e-mails the 7-day reminder with a one-click link', async () => {
    // The timer sends it too; an admin may send what is due at once
    await api('/renewal-reminders/run', { method: 'POST', body: {}, token: adminToken });
    link = await linkMailedTo(
      FAMILY.email,
      /https?:\/\/[^\s"<>]+#\/renewmember\/link\?token=[A-Za-z0-9_-]{43}/,
      { timeoutMs: 30_000 },
    );
    expect(link.startsWith(baseUrl())).toBe(true);
  });

  it('renews from the link without a password, paid on the mock checkout', async () => {
    const { context, page } = await tab();
    try {
      await page.goto(link);
      await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
      await page.getByText(`Renewing the membership of ${FAMILY.first} ${FAMILY.last}`).waitFor();
      await page.getByRole('cell', { name: 'Student Membership' }).waitFor();
      await accessibleAtBothWidths(page);

      await page.getByRole('button', { name: 'Pay and renew' }).click();
      await page.waitForURL(/#\/checkout\/mock\//);
      await expectAccessible(page);
      await page
        .getByLabel('Card number')
        .pressSequentially(MOCK_TEST_CARDS.pays.replaceAll(' ', ''));
      await page.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(/#\/success\/renewal\?/);
      await page.getByRole('heading', { level: 1, name: 'Payment Successfull' }).waitFor();
      await accessibleAtBothWidths(page);

      // The same link again: refused, with the way on
      await page.goto(link);
      await page
        .getByText('This renewal link was already used: the membership is renewed.')
        .waitFor();
      await page.getByRole('link', { name: 'Sign in to renew' }).waitFor();
      await accessibleAtBothWidths(page);
    } finally {
      await context.close();
    }
  });

  it('shows staff the member as renewed through the link', async () => {
    const { context, page } = await tab();
    try {
      await openRoute(page, '/auth/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/#\/$/);
      await page.getByRole('link', { name: 'Renewal reminders' }).first().click();
      await page.waitForURL(/#\/reminders$/);
      await page.getByRole('heading', { level: 1, name: 'Renewal reminders' }).waitFor();
      await page.getByRole('textbox', { name: 'Search' }).fill(FAMILY.email);
      const row = page.getByRole('row').filter({ hasText: FAMILY.email });
      await row.waitFor();
      await expect(row.innerText()).resolves.toContain('7 days before');
      await row.getByText(/^Renewed through the link/).waitFor();
      // The table is dimmed while a search reloads it: scan it once it shows its answer
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      await accessibleAtBothWidths(page);
    } finally {
      await context.close();
    }
  });
});
