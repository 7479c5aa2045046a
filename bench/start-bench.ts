/**
 * How fast `npm start` answers on data it already has, and what the server holds in memory at rest.
 * Starts `npm start`'s entry (scripts/start.mjs) on a fresh data directory once (migrates and
 * seeds the demo association, and builds what is missing: not timed), stops it, then starts it
 * five times more on that data, timing each from the spawn to the first healthy `/api/health`
 * answer. After the last start it asks a few pages (health, the event list, the OpenAPI document)
 * and reads the process's resident memory (VmRSS of /proc) once it has settled.
 *
 *   npx tsx bench/start-bench.ts
 *
 * Budget: median start < 2 s, RSS at rest < 400 MB. Exits 1 past either.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/ops/test-processes';
import { spawnNpmStart } from './npm-start';

const STARTS = 5;
const BUDGET_START_SECONDS = 2;
const BUDGET_RSS_MB = 400;
const HARD_STOP_MS = 300_000;

/** Seconds from now until `/api/health` first answers 200 with a working database. */
async function untilHealthy(server: ChildProcess, port: number, limitMs: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      async (r) => r.ok && ((await r.json()) as { db?: string }).db === 'ok',
      () => false,
    );
    if (healthy) return (performance.now() - t0) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the server did not answer healthy within ${limitMs / 1000} s`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** CPU seconds the process used so far (user + system, from /proc): a figure a busy machine does not inflate. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

const stop = setTimeout(() => {
  console.error(`start-bench: gave up after ${HARD_STOP_MS / 1000} s`);
  process.exit(1);
}, HARD_STOP_MS);
stop.unref();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-start-bench-'));
const port = await freePort();
let server: ChildProcess | undefined;
try {
  server = spawnNpmStart(dataDir, port);
  const firstSeconds = await untilHealthy(server, port, 240_000);
  await stopServer(server);

  const seconds: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    server = spawnNpmStart(dataDir, port);
    seconds.push(await untilHealthy(server, port, 30_000));
    cpu.push(cpuSeconds(server.pid!));
    if (i < STARTS - 1) await stopServer(server);
  }

  // At rest: after a few ordinary requests, with the timers of the first seconds run.
  for (const page of ['/api/health', '/api/event', '/api/event', '/', '/api/docs/json']) {
    const response = await fetch(`http://127.0.0.1:${port}${page}`);
    await response.arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const rss = rssMb(server.pid!);
  await stopServer(server);

  const sorted = [...seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const within = median < BUDGET_START_SECONDS && rss < BUDGET_RSS_MB;
  console.log(`\nnpm start on ${os.cpus().length} cores, embedded database, demo data`);
  console.table([
    {
      'first start s (build, migrate, seed)': firstSeconds.toFixed(2),
      'starts s': seconds.map((s) => s.toFixed(2)).join(' '),
      'median start s': median.toFixed(2),
      'CPU s to healthy': cpu.map((s) => s.toFixed(2)).join(' '),
      'RSS at rest MB': rss.toFixed(0),
      budget: within ? 'within' : 'OVER',
    },
  ]);
  process.exitCode = within ? 0 : 1;
} finally {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
