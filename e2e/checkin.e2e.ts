/**
 * Door check-in (issue 9): a buyer's success screen shows the door code as a QR code that reads
 * back as the code; an admin on a phone opens `#/checkin/:eventid`, checks a bought ticket in by
 * typing its code, and a second check-in says "Already checked in at …"; and Chromium's fake
 * camera, fed a video of another ticket's QR code, checks that ticket in through the scanner.
 * Axe scans the check-in screen at 1280 and 375 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import type { TCheckinResult } from '../domain/contracts/checkin';
import { MOCK_TEST_CARDS } from '../domain/contracts/payments';
import { formatInstantTime } from '../domain/dates';
import { qrSvg } from '../domain/door-qr';
import { baseUrl, expectAccessible, launchBrowser, openRoute, signInThroughForm } from './browser';

let browser: Browser;
let workDir: string;
let eventId: number;
let timeZone: string;
let buyerCount = 0;

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A non-member purchase of `ticket` seats paid with the test card; answers its success route. */
async function buyTickets(ticket: number, lname: string): Promise<string> {
  buyerCount += 1;
  const { transactionID } = await api<{ transactionID: string }>('/checkout', {
    method: 'POST',
    body: JSON.stringify({
      kind: 'nonmember-ticket',
      eventid: eventId,
      ticket,
      buyer: {
        fname: 'Kavya',
        lname,
        email: `kavya.${Date.now()}.${buyerCount}@example.org`,
        contact: '7135550142',
      },
    }),
  });
  const paid = await api<{ successUrl: string }>(`/payments/mock/${transactionID}/confirm`, {
    method: 'POST',
    body: JSON.stringify({ cardNumber: MOCK_TEST_CARDS.pays, expiry: '12/30', cvc: '123' }),
  });
  return paid.successUrl.replace(/^#/, '');
}

/** Opens the success screen and answers the door code its QR code reads as. */
async function doorCodeOnSuccessScreen(page: Page, successRoute: string): Promise<string> {
  await openRoute(page, successRoute);
  const qr = page.getByRole('img', { name: /^QR code of ticket / });
  await qr.waitFor();
  const shot = await qr.screenshot();
  const { data, info } = await sharp(shot)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  const label = (await qr.getAttribute('aria-label')) ?? '';
  expect(read?.data).toBeTruthy();
  expect(label).toBe(`QR code of ticket ${read?.data}`);
  // The same code is printed in the receipt table beside it
  await page.getByRole('cell', { name: read?.data, exact: true }).waitFor();
  return read?.data ?? '';
}

const signInAsAdmin = (page: Page) =>
  signInThroughForm(page, '/auth/login', 'admin@example.org', DEMO_PASSWORD);

/** Types the code and answers the server's answer to the check-in. */
async function typeCode(page: Page, code: string): Promise<TCheckinResult> {
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/checkin/${eventId}`) && response.request().method() === 'POST',
  );
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  return (await (await answer).json()) as TCheckinResult;
}

/**
 * A one-second Y4M video (4:2:0) of the QR code on a white 640 x 480 frame: what Chromium's fake
 * camera plays in a loop with --use-file-for-fake-video-capture.
 */
async function qrVideo(code: string, file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const luma = await sharp({
    create: { width, height, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: Buffer.from(qrSvg(code, 360)), gravity: 'centre' }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  for (let i = 0; i < y.length; i++) y[i] = luma.data[i * luma.info.channels];
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-checkin-'));
  // Other journeys share this server and sell some events out: take one with room for the tests
  const events = await api<{ id: number; seatsLeft: number }[]>('/upcomingevent');
  const roomy = events.find((event) => event.seatsLeft >= 20);
  if (!roomy) throw new Error('No upcoming event with 20 seats left to check tickets in.');
  eventId = roomy.id;
  timeZone = (await api<{ timeZone: string }>('/settings')).timeZone;
});

afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('door check-in', () => {
  let typedCode = '';

  it('shows the door code as a QR code on the success screen', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      typedCode = await doorCodeOnSuccessScreen(page, await buyTickets(3, 'Trivedi'));
      expect(typedCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it('an admin on a phone checks the ticket in by its code; a second check-in says when the first was', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signInAsAdmin(page);
      await openRoute(page, `/checkin/${eventId}`);
      await page.getByRole('heading', { level: 1, name: 'Door check-in' }).waitFor();
      const arrived = page.getByTestId('checkin-arrived');
      await expect.poll(() => arrived.innerText()).toMatch(/^0 of \d+ seats arrived$/);

      const first = await typeCode(page, typedCode.toLowerCase().replace('-', ''));
      expect(first.outcome).toBe('checked-in');
      const result = page.getByTestId('checkin-result');
      await result.getByRole('heading', { name: 'Checked in' }).waitFor();
      await result.getByText('Kavya Trivedi').waitFor();
      await result.getByText('Non-member ticket · 3 seats').waitFor();
      await expect.poll(() => arrived.innerText()).toMatch(/^3 of \d+ seats arrived$/);

      await page.setViewportSize({ width: 375, height: 800 });
      await expectAccessible(page);

      const second = await typeCode(page, typedCode);
      expect(second.outcome).toBe('already-checked-in');
      expect(second.ticket.checkedInAt).toBe(first.ticket.checkedInAt);
      const time = formatInstantTime(first.ticket.checkedInAt, timeZone);
      expect(time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
      await result.getByRole('heading', { name: `Already checked in at ${time}` }).waitFor();
      await expect.poll(() => arrived.innerText()).toMatch(/^3 of \d+ seats arrived$/);

      await typeCode(page, 'ZZZZ-2222');
      await result.getByText('No ticket has this code. Check the code and try again.').waitFor();

      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page);

      // The manage-events list shows arrived / sold and links to this screen
      await openRoute(page, '/events');
      const event = await api<{ eventName: string }>(`/event/${eventId}`);
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(event.eventName);
      const row = page.getByRole('row').filter({ hasText: event.eventName });
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(async () => (await row.locator('td').allInnerTexts())[6])
        .toMatch(/^3 \/ \d+\n/);
      await row.getByRole('link', { name: `Door check-in for ${event.eventName}` }).click();
      await page.waitForURL(new RegExp(`#/checkin/${eventId}$`));
    } finally {
      await context.close();
    }
  });

  it("checks a ticket in from the phone camera's picture of its QR code", async () => {
    const buyer = await browser.newContext({ baseURL: baseUrl() });
    const scannedCode = await doorCodeOnSuccessScreen(
      await buyer.newPage(),
      await buyTickets(2, 'Mehta'),
    ).finally(() => buyer.close());
    const video = path.join(workDir, 'ticket-qr.y4m');
    await qrVideo(scannedCode, video);

    const cameraBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    let context: BrowserContext | undefined;
    try {
      context = await cameraBrowser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 390, height: 844 },
      });
      await context.grantPermissions(['camera'], { origin: baseUrl() });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await signInAsAdmin(page);
      await openRoute(page, `/checkin/${eventId}`);
      const answer = page.waitForResponse(
        (response) =>
          response.url().endsWith(`/api/checkin/${eventId}`) &&
          response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await page.getByLabel('Camera view for scanning ticket QR codes').waitFor();
      const scanned = (await (await answer).json()) as TCheckinResult;
      expect(scanned).toMatchObject({
        outcome: 'checked-in',
        ticket: { code: scannedCode, seats: 2, buyer: 'Kavya Mehta' },
      });
      const result = page.getByTestId('checkin-result');
      await result.getByRole('heading', { name: 'Checked in' }).waitFor();
      await result.getByText('Kavya Mehta').waitFor();
      await page.getByRole('button', { name: 'Stop the camera' }).click();
      await expectAccessible(page);
    } finally {
      await context?.close();
      await cameraBrowser.close();
    }
  });
});
