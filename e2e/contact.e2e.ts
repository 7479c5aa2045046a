/**
 * The contact page (spec 01 §2 item 3, §5, §8), offline: every request that leaves the test
 * server is refused, so the map cannot load and its link must still be there. The association's
 * details come from GET /api/settings (answered here with a test association, to prove no
 * translation file supplies them).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, launchBrowser, newPage, openRoute } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const outside: string[] = [];

async function settingsOf(route: Route) {
  const response = await route.fetch();
  const settings = await response.json();
  await route.fulfill({
    response,
    json: {
      ...settings,
      orgName: 'Test Samaj',
      orgAddress: '12 Elm Street, Springfield, IL 62701',
      orgPhone: '(217) 555-0100',
      orgEmail: 'hello@test-samaj.org',
      orgSocialUrl: 'https://social.example/test-samaj',
      orgCity: 'Springfield, IL',
    },
  });
}

async function offline(target: BrowserContext) {
  await target.route(
    (url) => !url.href.startsWith(baseUrl()),
    (route) => {
      outside.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  await target.route('**/api/settings', settingsOf);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  context.setDefaultTimeout(15_000);
  await offline(context);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const form = () => page.getByRole('region', { name: 'Get in Touch' });
const send = () => form().getByRole('button', { name: /Send Message|Loading\.\.\./ });

async function fill(values: { name: string; email: string; message: string }) {
  await form().getByRole('textbox', { name: 'Name' }).fill(values.name);
  await form().getByRole('textbox', { name: 'Email' }).fill(values.email);
  await form().getByRole('textbox', { name: 'Message' }).fill(values.message);
}

describe('the contact page', () => {
  it('shows "Contact Us", the form and the association details from the server settings, with the map link offline', async () => {
    await openRoute(page, '/contact');
    expect(await page.getByRole('heading', { level: 1, name: 'Contact Us' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Get in Touch' }).count()).toBe(1);
    const aside = page.getByRole('complementary', { name: 'Test Samaj' });
    expect(await aside.getByText('12 Elm Street, Springfield, IL 62701').count()).toBe(1);
    expect(await aside.getByRole('link', { name: '(217) 555-0100' }).getAttribute('href')).toBe(
      'tel:2175550100',
    );
    expect(
      await aside.getByRole('link', { name: 'hello@test-samaj.org' }).getAttribute('href'),
    ).toBe('mailto:hello@test-samaj.org');
    expect(await aside.getByRole('link', { name: 'Like Us' }).getAttribute('href')).toBe(
      'https://social.example/test-samaj',
    );
    const mapLink = aside.getByRole('link', {
      name: 'Open the map of Springfield, IL on OpenStreetMap',
    });
    expect(await mapLink.isVisible()).toBe(true);
    expect(await mapLink.getAttribute('href')).toContain('openstreetmap.org');
    // The name in the header and the tab comes from the settings too.
    expect(await page.getByRole('banner').getByText('Test Samaj').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('Contact Us · Test Samaj');
    // The map was tried and refused (offline); the page still stands.
    await expect.poll(() => outside.some((url) => url.includes('openstreetmap.org'))).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await expectAccessible(page);
  });

  it('answers an empty form and a wrong e-mail with the spec messages and keeps at most the limits', async () => {
    await openRoute(page, '/contact');
    await send().click();
    for (const text of [
      'Please enter your name.',
      'Please enter your email address.',
      'Please enter your message.',
    ]) {
      expect(await form().getByText(text).count(), text).toBe(1);
    }
    const email = form().getByRole('textbox', { name: 'Email' });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await fill({ name: 'Asha', email: 'abc', message: 'Hello' });
    await send().click();
    expect(await form().getByText('Please enter a valid email address.').count()).toBe(1);
    await form().getByRole('textbox', { name: 'Name' }).fill('n'.repeat(120));
    expect((await form().getByRole('textbox', { name: 'Name' }).inputValue()).length).toBe(100);
    await expectAccessible(page);
  });

  it('sends a message: "Loading..." while sending, then the success alert', async () => {
    await openRoute(page, '/contact');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await fill({ name: 'Asha Patel', email: 'asha@example.org', message: 'When is Navaratri?' });
    await send().click();
    await expect.poll(() => send().textContent()).toBe('Loading...');
    expect(await send().isDisabled()).toBe(true);
    release();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: 'Success! Your message has been sent to us.' })
          .count(),
      )
      .toBe(1);
    expect(await send().textContent()).toBe('Send Message');
    expect(await form().getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    await page.unroute('**/api/contact');
  });

  it('shows the error alert with the detail when sending fails', async () => {
    await openRoute(page, '/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'UNAVAILABLE', message: 'down' } },
      }),
    );
    await fill({ name: 'Asha Patel', email: 'asha@example.org', message: 'Hello' });
    await send().click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Error! There was an error sending your message.' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.textContent()).toContain('The service is unavailable for a moment.');
    await page.unroute('**/api/contact');
    await expectAccessible(page);
  });

  it('fits a 375 px phone without sideways scrolling, the map link still there', async () => {
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 375, height: 812 },
    });
    await offline(phone);
    const small = await phone.newPage();
    try {
      await openRoute(small, '/contact');
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      expect(await small.getByRole('link', { name: /Open the map of/ }).isVisible()).toBe(true);
      expect(await small.getByRole('button', { name: 'Send Message' }).isVisible()).toBe(true);
      await expectAccessible(small);
    } finally {
      await phone.close();
    }
  });
});
