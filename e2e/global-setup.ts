import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/ops/test-processes';

const root = path.resolve(import.meta.dirname, '..');
/** The association's clock for the test server; every journey's browser keeps it too. */
const ASSOCIATION_TIME_ZONE = 'America/Chicago';

/** Starts `npm start`'s entry on a free port with a fresh data directory, and stops it afterwards. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // DATABASE_URL undefined drops it from the child's environment (embedded database); an empty
  // value would be refused by the configuration as not a postgres:// URL.
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // The journeys stand behind 127.0.0.1 as their proxy: each file names its own visitor address
      // (e2e/visitor-address.setup.ts), so per-address limits count per journey file
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: undefined,
      TIME_ZONE: ASSOCIATION_TIME_ZONE,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  let ready = false;
  for (let i = 0; i < 240 && !ready; i++) {
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    ready = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!ready) {
    server.kill('SIGKILL');
    throw new Error('The server for the browser tests did not start.');
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('timeZone', ASSOCIATION_TIME_ZONE);
  return async () => {
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    timeZone: string;
  }
}
