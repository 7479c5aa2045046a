/**
 * What a first visitor of the event list downloads, and how soon they see it. Starts `npm start`'s
 * entry (scripts/start.mjs: builds what is missing) on a fresh data directory with the demo
 * association, opens `#/event` in headless Chromium with an empty cache, and counts every script
 * and stylesheet the browser requested until the network is idle, gzipped (level 9, as a
 * server or CDN would send them). The largest contentful paint is read with a PerformanceObserver
 * ('largest-contentful-paint'), median of five fresh visits.
 *
 *   npx tsx bench/web-bench.ts
 *
 * Budget: ≤ 150 KB of JavaScript and ≤ 20 KB of CSS gzipped, LCP < 1.5 s. Exits 1 past any.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '../server/ops/test-processes';
import { spawnNpmStart } from './npm-start';

const VISITS = 5;
const BUDGET_JS_KB = 150;
const BUDGET_CSS_KB = 20;
const BUDGET_LCP_MS = 1_500;
const HARD_STOP_MS = 300_000;

// The flags of e2e/browser.ts
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawnNpmStart(dataDir, port);
  for (let i = 0; i < 2_400; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

interface TVisit {
  jsBytes: number;
  cssBytes: number;
  files: { url: string; kind: 'js' | 'css'; gzip: number }[];
  lcpMs: number;
}

async function visit(browser: Browser, baseUrl: string): Promise<TVisit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const win = window as unknown as { __lcp: number };
    win.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) win.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const pending: Promise<TVisit['files'][number] | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          gzip: zlib.gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(`${baseUrl}/#/event`);
  await page.waitForFunction(() => document.body.dataset.pageLoaded === 'true');
  await page.waitForLoadState('networkidle');
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const files = (await Promise.all(pending)).filter((file) => file !== null);
  await context.close();
  const sum = (kind: 'js' | 'css') =>
    files.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzip, 0);
  return { jsBytes: sum('js'), cssBytes: sum('css'), files, lcpMs };
}

const stop = setTimeout(() => {
  console.error(`web-bench: gave up after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS);
stop.unref();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-web-bench-'));
const port = await freePort();
let server: ChildProcess | undefined;
let browser: Browser | undefined;
try {
  server = await startServer(dataDir, port);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const visits: TVisit[] = [];
  for (let i = 0; i < VISITS; i++) visits.push(await visit(browser, `http://127.0.0.1:${port}`));

  const first = visits[0];
  const kb = (bytes: number) => bytes / 1024;
  const lcps = visits.map((v) => v.lcpMs).sort((a, b) => a - b);
  const lcp = lcps[Math.floor(lcps.length / 2)];
  console.log(`\nFirst visit of #/event: ${first.files.length} files`);
  console.table(
    [...first.files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => ({ file: file.url, kind: file.kind, 'gzip KB': kb(file.gzip).toFixed(1) })),
  );
  const within =
    kb(first.jsBytes) <= BUDGET_JS_KB && kb(first.cssBytes) <= BUDGET_CSS_KB && lcp < BUDGET_LCP_MS;
  console.table([
    {
      'JS gzip KB': kb(first.jsBytes).toFixed(1),
      'CSS gzip KB': kb(first.cssBytes).toFixed(1),
      'LCP ms (median of 5)': lcp.toFixed(0),
      'LCP ms each': visits.map((v) => v.lcpMs.toFixed(0)).join(' '),
      budget: within ? 'within' : 'OVER',
    },
  ]);
  process.exitCode = within ? 0 : 1;
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
