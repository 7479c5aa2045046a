/** `npm start` as the start and web benchmarks run it: a child process on a free port. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** `npm start`'s entry in production mode on the embedded database, whatever the caller's environment says. */
export function spawnNpmStart(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: undefined,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
