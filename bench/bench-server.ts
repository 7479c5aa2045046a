/**
 * The server side of the HTTP benchmarks, run as a child process of a benchmark (bench/http-kit.ts
 * starts it pinned to one core). It opens the database it is given (PGlite in a fresh data
 * directory, as `npm start` keeps it, or the PostgreSQL database of BENCH_DATABASE_URL), migrates
 * it, runs the named fills, builds the real app the way `npm start` does (logging at info,
 * background workers on, the PDF fonts made after listening) and listens on every address, so
 * load from 127.0.0.2, 127.0.0.3, … reaches it as different clients. It tells the parent its port
 * and a super user's token over IPC, and stops on the parent's 'stop'.
 *
 * Not for production: it skips the data-directory lock and the web app.
 */
import { buildApp, LISTEN_BACKLOG } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openPostgres, type TDatabase } from '../server/db/client';
import { vacuumWhereDue } from '../server/db/pglite-vacuum';
import { systemClock } from '../server/lib/clock';
import { warmPdfFonts } from '../server/lib/pdf-fonts';
import { benchToken, openBenchPglite } from './bench-kit';
import { FILLS, type TFillName } from './fills';

export interface TServerReady {
  port: number;
  token: string;
  fillSeconds: number;
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const database: TDatabase = url ? await openPostgres(url) : await openBenchPglite();
  const started = performance.now();
  await migrateDatabase(database);
  const fills = (process.env.BENCH_FILLS ?? '').split(',').filter(Boolean) as TFillName[];
  for (const name of fills) await FILLS[name](database);
  // Filled at once, where a real database grows by the day and the server's own vacuum (PGlite
  // has no autovacuum, server/db/pglite-vacuum.ts) keeps up with it: the same vacuum, now
  await vacuumWhereDue(database);
  const fillSeconds = (performance.now() - started) / 1000;
  const token = await benchToken(database, 'su');

  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      DATA_DIR: '.bench-data',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: 'false',
    },
    'bench',
  );
  // Every request is logged to stdout as in production (bench/http-kit.ts points it at /dev/null).
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    workers: true,
  });
  await app.listen({ port: 0, host: '0.0.0.0', backlog: LISTEN_BACKLOG });
  // As server/main.ts does after listening: a receipt's fonts are ready before the first sale
  await warmPdfFonts();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: TServerReady = { port, token, fillSeconds };
  process.send?.({ ready });

  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await database.close();
      process.send?.('stopped', () => process.exit(0));
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
