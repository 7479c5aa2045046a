/**
 * Each journey file is a visitor of its own, from its own address, as real buyers come from many
 * places (the way the benchmarks load the server from 127.0.0.2, 127.0.0.3, …). The per-address
 * limits stay on: checkout starts, unpaid holds and look-ups are counted per journey file instead
 * of for the whole run, which a run of twenty files from 127.0.0.1 alone would exhaust.
 *
 * The test server trusts 127.0.0.1 as a proxy (e2e/global-setup.ts), so the address a request
 * names in X-Forwarded-For is its client. This file sets that header on the journey's own fetch
 * calls to the server and on every browser context it opens.
 *
 * Every context also keeps the association's time zone, as its board does: a date picker's
 * "today" is then the server's today, also in the hours after midnight UTC when a browser on UTC
 * would already show tomorrow.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';

let address = '127.0.1.1';

beforeAll(() => {
  const files = fs
    .readdirSync(import.meta.dirname)
    .filter((name) => name.endsWith('.e2e.ts'))
    .sort();
  const index = files.indexOf(path.basename(expect.getState().testPath ?? ''));
  address = `127.0.1.${index + 1}`;
});

const forwardedFor = () => ({ 'x-forwarded-for': address });

const serverFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.startsWith(inject('baseUrl'))) return serverFetch(input, init);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', address);
  return serverFetch(input, { ...init, headers });
};

const launch = chromium.launch.bind(chromium);
chromium.launch = async (...args: Parameters<typeof chromium.launch>): Promise<Browser> => {
  const browser = await launch(...args);
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const visitor = (options: BrowserContextOptions): BrowserContextOptions => ({
    timezoneId: inject('timeZone'),
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, ...forwardedFor() },
  });
  browser.newContext = (options = {}) => newContext(visitor(options));
  browser.newPage = (options = {}) => newPage(visitor(options));
  return browser;
};
