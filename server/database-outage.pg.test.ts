/**
 * The database goes away and comes back (PostgreSQL behind a TCP hop this test can cut): while
 * it is gone every request answers 503 in the error shape and health says db "down"; when it
 * returns the same process serves again without a restart.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from './app';
import { openPostgres, type TDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { TestClock } from './lib/clock';
import { createTestApp, type TTestApp } from './test/test-app';
import { withDatabase } from './test/global-setup';

/** A TCP hop to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
class CuttableLink {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }
}

let t: TTestApp;
let link: CuttableLink;
let database: TDatabase;
let app: TApp;

beforeAll(async () => {
  // The test database itself (created and dropped by the usual kit), seeded directly.
  t = await createTestApp({
    prepare: (db, clock, config) =>
      seedDemo(db.db, { clock, timeZone: config.timeZone, eventPrefix: config.eventPrefix }).then(
        () => undefined,
      ),
  });
  const direct = new URL(process.env.DATABASE_URL!);
  link = new CuttableLink({ host: direct.hostname, port: Number(direct.port || 5432) });
  await link.open();
  const [{ name }] = (
    (await t.database.db.execute('select current_database() as name')) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const viaLink = new URL(withDatabase(process.env.DATABASE_URL!, name));
  viaLink.hostname = '127.0.0.1';
  viaLink.port = String(link.port);
  database = await openPostgres(viaLink.toString(), 4);
  app = await buildApp({ config: t.config, database, clock: new TestClock(), logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await link?.cut();
  await t?.close();
});

describe('the database goes away and comes back', () => {
  it('answers 503 UNAVAILABLE and health "down" while it is gone, and recovers by itself', async () => {
    expect((await app.inject('/api/memberplan')).statusCode).toBe(200);
    expect((await app.inject('/api/health')).json()).toMatchObject({ db: 'ok' });

    await link.cut();

    for (const url of ['/api/memberplan', '/api/event']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: expect.any(String) },
      });
      expect(response.headers['retry-after']).toBe('5');
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'admin@example.org', password: 'samaj-demo' },
    });
    expect(signIn.statusCode).toBe(503);
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', db: 'down' });

    await link.open();

    await expect
      .poll(async () => (await app.inject('/api/memberplan')).statusCode, { timeout: 15_000 })
      .toBe(200);
    expect((await app.inject('/api/health')).json()).toMatchObject({ status: 'ok', db: 'ok' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'admin@example.org', password: 'samaj-demo' },
    });
    expect(again.statusCode).toBe(200);
  });
});
