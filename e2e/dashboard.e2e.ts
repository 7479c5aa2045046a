/**
 * Journeys of the dashboard (issue 11): the staff home with its figures and charts as a global
 * admin and as a temporary admin, the charts' code loaded only there, the same home in French,
 * and a member's home with their membership and family. Axe at 1280 and 375 px on each.
 * Set SCREENSHOT_DIR to keep pictures of each screen.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { ZAllChart, ZMemChart } from '../domain/contracts/charts';
import { formatMoney, formatNumber } from '../domain/money';
import { sessionKey } from '../web/app/session-store';
import { baseUrl, expectAccessible, launchBrowser, openRoute, signInThroughForm } from './browser';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(width = 1280): Promise<Page> {
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: 900 },
  });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

async function signIn(page: Page, route: '/auth/login' | '/auth/memberlogin', email: string) {
  await signInThroughForm(page, route, email, DEMO_PASSWORD);
  expect(page.url()).toMatch(/#\/$/);
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  // No tooltip left open by where the pointer last clicked
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const figure = (page: Page, id: string) =>
  page.locator(`[data-figure="${id}"] [data-figure-value]`).innerText();

/** The charts are drawn: four panels, each with its picture (or its empty sentence). */
async function chartsDrawn(page: Page): Promise<void> {
  await page.locator('[data-chart]').nth(3).waitFor();
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-chart]')].every(
        (panel) =>
          panel.querySelector('.recharts-surface .recharts-bar-rectangle') ||
          panel.querySelector('[data-chart-empty]'),
      ),
    undefined,
    { timeout: 20_000 },
  );
}

async function api<T>(page: Page, url: string, parse: (value: unknown) => T): Promise<T> {
  const token = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { authToken?: string }).authToken,
    sessionKey('ga'),
  );
  const response = await fetch(`${baseUrl()}/api${url}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return parse(await response.json());
}

describe('the staff dashboard', () => {
  it('shows a global admin the figures of memchart and allchart and the four charts', async () => {
    const page = await freshPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await openRoute(page, '/event');
    expect(scripts.some((url) => url.includes('DashboardCharts'))).toBe(false);

    await signIn(page, '/auth/login', 'admin@example.org');
    await page.locator('[data-figure="active"]').waitFor();
    const members = await api(page, '/memchart', (v) => ZMemChart.parse(v));
    const money = await api(page, '/allchart', (v) => ZAllChart.parse(v));
    expect(members.totals.active).toBeGreaterThan(0);
    expect(await figure(page, 'active')).toBe(formatNumber(members.totals.active));
    expect(await figure(page, 'inactive')).toBe(formatNumber(members.totals.inactive));
    expect(await figure(page, 'money')).toBe(formatMoney(money.yearToDate.totalCents));
    expect(await figure(page, 'tickets')).toBe(formatNumber(money.upcoming.seatsSold));
    await expect(
      page.getByText(`Money in, ${money.yearToDate.year}`, { exact: true }).isVisible(),
    ).resolves.toBe(true);

    await chartsDrawn(page);
    expect(scripts.some((url) => url.includes('DashboardCharts'))).toBe(true);
    for (const name of [
      'Money in per month',
      'New members per month',
      'Members by plan',
      'Tickets per event',
    ])
      await expect(page.getByRole('heading', { name, level: 2 }).isVisible()).resolves.toBe(true);
    // The seeded association has payments, members and ticket sales: every chart is drawn
    expect(await page.locator('[data-chart] .recharts-surface').count()).toBe(4);
    // Screen readers get the numbers as tables, one per chart, named by the chart's title
    const plans = page.getByRole('table', { name: 'Members by plan' });
    expect(await plans.locator('tbody tr').count()).toBe(
      members.byPlan.filter((row) => row.active + row.inactive > 0).length,
    );
    const moneyTable = page.getByRole('table', { name: 'Money in per month' });
    expect(await moneyTable.locator('tbody tr').count()).toBe(12);
    await expectAccessible(page);
    await shoot(page, 'dashboard-admin-1280');
  });

  it('fits a 375 px phone and stays accessible there', async () => {
    const page = await freshPage(375);
    await signIn(page, '/auth/login', 'admin@example.org');
    await chartsDrawn(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shoot(page, 'dashboard-admin-375');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'dashboard-admin-390');
  });

  it('shows a temporary admin the same figures and charts', async () => {
    const page = await freshPage();
    await signIn(page, '/auth/login', 'temp@example.org');
    await chartsDrawn(page);
    expect(await page.locator('[data-figure]').count()).toBe(4);
    expect(await page.locator('[data-chart] .recharts-surface').count()).toBe(4);
    await expectAccessible(page);
  });

  it('says so in words when there is nothing to chart, and offers a retry when a call fails', async () => {
    const page = await freshPage();
    const months = ['2026-10', '2026-11'];
    const noKinds = {
      registration: 0,
      renewal: 0,
      dependents: 0,
      'member-ticket': 0,
      'nonmember-ticket': 0,
      'table-for-10': 0,
      donation: 0,
    };
    const empty = {
      members: {
        today: '2026-11-22',
        totals: { members: 0, active: 0, inactive: 0 },
        byPlan: [],
        newMembers: months.map((month) => ({ month, count: 0 })),
      },
      money: {
        today: '2026-11-22',
        moneyByMonth: months.map((month) => ({ month, totalCents: 0, byKind: noKinds })),
        yearToDate: { year: 2026, totalCents: 0 },
        ticketsByEvent: [],
        upcoming: { events: 0, seatsSold: 0 },
      },
    };
    let failing = true;
    await page.route('**/api/memchart', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
          })
        : route.fulfill({ json: empty.members }),
    );
    await page.route('**/api/allchart', (route) => route.fulfill({ json: empty.money }));
    await signIn(page, '/auth/login', 'admin@example.org');
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    await expectAccessible(page);
    failing = false;
    await retry.click();
    await chartsDrawn(page);
    expect(await page.locator('[data-chart-empty]').count()).toBe(4);
    expect(await page.locator('[data-chart] .recharts-surface').count()).toBe(0);
    expect(await figure(page, 'active')).toBe('0');
    expect(await figure(page, 'money')).toBe('$0.00');
    await expect(
      page.getByText('No payments were confirmed in the last 12 months.').isVisible(),
    ).resolves.toBe(true);
    await expectAccessible(page);
    await shoot(page, 'dashboard-empty');
  });

  it('speaks French when French is chosen, money and months included', async () => {
    const page = await freshPage();
    await signIn(page, '/auth/login', 'admin@example.org');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
    await chartsDrawn(page);
    await expect(
      page.getByRole('heading', { name: 'Recettes par mois', level: 2 }).isVisible(),
    ).resolves.toBe(true);
    const money = await api(page, '/allchart', (v) => ZAllChart.parse(v));
    expect(await figure(page, 'money')).toBe(formatMoney(money.yearToDate.totalCents, 'fr'));
    await expectAccessible(page);
    await shoot(page, 'dashboard-admin-fr');
  });
});

describe("a member's home", () => {
  for (const width of [1280, 375]) {
    it(`shows the membership, its validity and the family, with links to renew and to the family (${width} px)`, async () => {
      const page = await freshPage(width);
      await signIn(page, '/auth/memberlogin', 'member@example.org');
      await page.locator('[data-home="plan"]').waitFor();
      expect(await page.locator('[data-figure]').count()).toBe(0);
      await expect(page.locator('[data-home="validity"]').innerText()).resolves.toMatch(
        /^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$|^No end date$/,
      );
      await expect(page.locator('[data-home="dependents"]').innerText()).resolves.toBe(
        '2 dependents',
      );
      await expect(page.locator('[data-home="spouse"]').innerText()).resolves.toMatch(
        /^Spouse: \S+/,
      );
      await expect(page.getByText('Active', { exact: true }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);
      await shoot(page, `member-home-${width}`);
      if (width === 1280) {
        await page.getByRole('link', { name: 'View family' }).click();
        await page.waitForURL(/#\/family$/);
        await page.goBack();
        await page.getByRole('main').getByRole('link', { name: 'Renew membership' }).click();
        await page.waitForURL(/#\/renewmember$/);
      }
    });
  }
});
