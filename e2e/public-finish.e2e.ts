/**
 * The finish of the public screens in six languages: `#/error` and unknown error routes show a
 * real error page with a way back; no screen shows a raw translation key; dates follow the
 * chosen language (no English month names on the Chinese event list).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/locales/en.json';
import { baseUrl, expectAccessible, launchBrowser, newPage, openRoute } from './browser';

type TTree = { [key: string]: string | TTree };
function keysOf(tree: TTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}
const KEYS = keysOf(en);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Stores the language choice and reloads, as a returning visitor would arrive. */
async function useLanguage(code: string) {
  await page.evaluate((language) => localStorage.setItem('language', language), code);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
}

describe('error pages', () => {
  it.each(['/error', '/error/no-such-error', '/error/500'])(
    '%s shows an error page with a way back, without a session',
    async (route) => {
      await openRoute(page, route);
      expect(new URL(page.url()).hash).toBe(`#${route}`);
      expect(
        await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).count(),
      ).toBe(1);
      const back = page.getByRole('link', { name: 'Back to the home page' });
      expect(await back.getAttribute('href')).toBe('#/event');
      await expectAccessible(page);
      await back.click();
      await page.waitForURL(/#\/event$/);
    },
  );

  it('/error/404 says the page was not found', async () => {
    await openRoute(page, '/error/404');
    expect(await page.getByRole('heading', { level: 1, name: 'Page not found' }).count()).toBe(1);
  });
});

describe('six languages on the public screens', () => {
  const screens = ['/about', '/contact', '/event', '/error', '/auth/memberlogin'];

  it.each(['en', 'zh', 'es', 'ja', 'de', 'fr'])(
    '%s: no screen shows a raw translation key',
    async (code) => {
      await openRoute(page, '/about');
      await useLanguage(code);
      for (const screen of screens) {
        await openRoute(page, screen);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(code);
        const text = await page.locator('body').innerText();
        const raw = KEYS.filter((key) => text.includes(key));
        expect(raw, `${code} ${screen}`).toEqual([]);
        expect(text, `${code} ${screen}`).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
      }
    },
  );

  it('shows event dates in Chinese on the Chinese event list, not English month names', async () => {
    await useLanguage('zh');
    await openRoute(page, '/event');
    const chinese = await mainTextOnceItShows(/\d{4}年\d{1,2}月\d{1,2}日/);
    expect(chinese).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d/);
    await useLanguage('en');
    await openRoute(page, '/event');
    await mainTextOnceItShows(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/);
  });
});

/** The event list loads after the page: waits until its text shows `pattern`, then returns it. */
async function mainTextOnceItShows(pattern: RegExp): Promise<string> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('main')?.innerText ?? ''),
    pattern.source,
  );
  return page.locator('main').innerText();
}

describe('public screens on a 375 px phone', () => {
  it('never scroll sideways and pass axe', async () => {
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 375, height: 812 },
    });
    const small = await phone.newPage();
    try {
      for (const screen of [
        '/about',
        '/event',
        '/contact',
        '/error',
        '/auth/memberlogin',
        '/mregister',
      ]) {
        await openRoute(small, screen);
        const width = await small.evaluate(() => document.documentElement.scrollWidth);
        expect(width, screen).toBeLessThanOrEqual(375);
        await expectAccessible(small);
      }
    } finally {
      await phone.close();
    }
  });
});
