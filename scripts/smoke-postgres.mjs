// Starts the real server (`npm start`'s entry) on a fresh PostgreSQL database, checks health, then drops the database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';

// The port helper is the tests' own (TypeScript), loaded as `npm start -- --check` loads the doctor
register();
const { freePort } = await import('../server/ops/test-processes.ts');

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `samaj_smoke_${process.pid}`;
const root = path.resolve(import.meta.dirname, '..');

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const url = new URL(adminUrl);
url.pathname = `/${name}`;
await admin(`create database ${name}`);
// Asked of the system: a port made from the process id can be one a real service holds
const port = await freePort();
const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let healthy = false;
try {
  for (let i = 0; i < 120 && !healthy; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      const body = await response.json();
      healthy = response.ok && body.db === 'ok';
    } catch {
      // not listening yet
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin(`drop database if exists ${name} with (force)`);
}
if (!healthy) {
  console.error('smoke: the server on PostgreSQL did not become healthy');
  process.exit(1);
}
console.log('smoke: the server on PostgreSQL is healthy');
