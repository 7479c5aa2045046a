import axe from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
/** The test server's TIME_ZONE, which every journey's browser context keeps too. */
export const associationTimeZone = () => inject('timeZone');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (no sign-in or storage carried over) pointed at the test server. */
export async function newPage(
  browser: Browser,
  options: { phone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  return { context, page };
}

/** Opens a hash route and waits until the shell marks the page loaded (500 ms after navigation). */
export async function openRoute(page: Page, hashPath: string): Promise<void> {
  await page.goto(`/#${hashPath}`);
  await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
}

/**
 * Signs in through the form at `route` (/auth/login or /auth/memberlogin) and waits until the app
 * leaves the sign-in pages. A refused sign-in fails at once with the server's status and words,
 * instead of as a navigation timeout that says nothing of why.
 */
export async function signInThroughForm(
  page: Page,
  route: '/auth/login' | '/auth/memberlogin',
  email: string,
  password: string,
): Promise<void> {
  await openRoute(page, route);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  const answer = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      /\/api\/(user\/signin|memlogin)$/.test(new URL(r.url()).pathname),
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const response = await answer;
  if (!response.ok()) {
    throw new Error(
      `Signing in as ${email} was answered ${response.status()}: ${await response.text()}`,
    );
  }
  await page.waitForURL((url) => !url.hash.startsWith('#/auth/'), { timeout: 30_000 });
  await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
}

/** Resolves once no finite animation (a dialog, menu or notification fading) is running. */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Scans the page with axe-core as it stands. Axe is put into the document once and stays for
 * every later scan of it (the app changes screens without loading a new document); a scan asks
 * for violations only, which still checks every rule on every element but skips the details of
 * what passed. A third-party frame (the contact page's map) is not ours to scan: its `<iframe>`
 * element is still checked in our document. About 0.15 s a scan, against 1.1 s through
 * @axe-core/playwright, which put axe in afresh and opened a page of its own to finish each scan.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
      iframes: false,
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Measured in the page: how far `element`'s table runs past the box that scrolls it sideways, in
 * pixels (0 or less: it fits), and whether `element` lies whole within that box as it rests. The
 * box is the nearest ancestor that scrolls, not the table's own wrapper, which grows with the
 * table. Self-contained: Playwright sends its source to the page.
 */
function tableFrameOf(element: Element): { overflow: number; holdsElement: boolean } {
  let box = element.closest('table')?.parentElement ?? null;
  while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
    box = box.parentElement;
  }
  if (!box) return { overflow: Number.POSITIVE_INFINITY, holdsElement: false };
  const inner = element.getBoundingClientRect();
  const frame = box.getBoundingClientRect();
  return {
    overflow: box.scrollWidth - box.clientWidth,
    holdsElement: inner.left >= frame.left - 0.5 && inner.right <= frame.right + 0.5,
  };
}

/** How far the page's first table runs past the box that scrolls it sideways (tableFrameOf). */
export async function tableOverflow(page: Page): Promise<number> {
  return (await page.locator('table').first().evaluate(tableFrameOf)).overflow;
}

/** Whether `element`, in a table, is in sight within the box that scrolls the table sideways. */
export async function inTableFrame(element: Locator): Promise<boolean> {
  return (await element.evaluate(tableFrameOf)).holdsElement;
}

/**
 * No serious or critical accessibility violation on the page as it rests: a dialog, menu or
 * notification still fading in or out would fail colour contrast and its half-built list, so
 * finite animations end first. A notification can start to fade out during the scan itself (they
 * close on a timer), so a page that shows violations is scanned again once it has settled; a real
 * violation is still there on every scan and fails.
 */
export async function expectAccessible(page: Page): Promise<void> {
  let bad: string[] = [];
  for (let scan = 0; scan < 3; scan++) {
    await animationsSettled(page);
    bad = await seriousViolations(page);
    if (bad.length === 0) return;
    await page.waitForTimeout(500);
  }
  expect(bad).toEqual([]);
}
