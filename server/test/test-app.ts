import type { FastifyInstance } from 'fastify';
import { loadConfig, type TConfig } from '../config';
import { buildApp } from '../app';
import type { TDatabase } from '../db/client';
import { TestClock } from '../lib/clock';
import { createTestDatabase } from './test-database';

export interface TTestApp {
  app: FastifyInstance;
  database: TDatabase;
  clock: TestClock;
  config: TConfig;
  close(): Promise<void>;
}

/** The real app on a fresh database with a settable clock; call `close()` in afterAll. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    prepare?: (database: TDatabase, clock: TestClock, config: TConfig) => Promise<void>;
    /** Adds routes or hooks before the app is sealed (tests of cross-cutting behaviour). */
    extend?: (app: FastifyInstance) => void;
    webDir?: string;
  } = {},
): Promise<TTestApp> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: `.test-data/app-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      ...options.env,
    },
    'test',
  );
  const clock = options.clock ?? new TestClock();
  const database = await createTestDatabase();
  await options.prepare?.(database, clock, config);
  const app = await buildApp({ config, database, clock, logger: false, webDir: options.webDir });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let addressCounter = 0;
/**
 * A client address no other request of the run has used (198.18.0.0/15, the benchmarking range),
 * for tests that start many checkouts as many different buyers: anonymous limits count per address.
 */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}
