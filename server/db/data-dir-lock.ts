import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const PID_FILE = 'samaj.lock';

/**
 * Where the lock lives: on Linux an abstract socket named after the data directory's real path
 * (no file, so nothing stale is ever left behind); elsewhere a socket file inside it.
 */
function lockAddress(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  if (process.platform === 'linux') {
    const digest = crypto.createHash('sha256').update(real).digest('hex').slice(0, 40);
    return `\0samaj-data-dir-${digest}`;
  }
  return path.join(real, 'samaj.sock');
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // Anyone who knocks is only checking that the holder lives: hang up at once.
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      server.unref(); // the lock never keeps the process alive on its own
      resolve(server);
    });
  });
}

/** True when a live process listens on `address` (a dead holder's socket file refuses). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function lockedError(dataDir: string): DataDirLockedError {
  let owner = '';
  try {
    const pid = fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim();
    if (/^\d+$/.test(pid)) owner = ` (pid ${pid})`;
  } catch {
    // the pid is only a hint for the message
  }
  return new DataDirLockedError(
    `The embedded database in ${dataDir} is in use by another Samaj server${owner}; stop it first, or set DATABASE_URL to share a PostgreSQL server.`,
  );
}

/**
 * PGlite has no lock of its own: two servers on one data directory would corrupt it. The lock
 * is a listening socket, which the operating system closes when its holder dies however it
 * dies (kill -9 included), so a restart never mistakes a reused PID for a running server.
 * `samaj.lock` keeps the holder's PID for people and messages only; it decides nothing.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(dataDir);
  let server: net.Server | undefined;
  for (let attempt = 0; attempt < 3 && !server; attempt++) {
    try {
      server = await listen(address);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (await answers(address)) throw lockedError(dataDir);
      // A socket file left by a dead holder (abstract sockets vanish with their holder).
      if (!address.startsWith('\0')) fs.rmSync(address, { force: true });
    }
  }
  if (!server) throw lockedError(dataDir);
  const held = server;
  const pidFile = path.join(dataDir, PID_FILE);
  fs.writeFileSync(pidFile, String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.close();
    try {
      if (fs.readFileSync(pidFile, 'utf8') === String(process.pid)) fs.unlinkSync(pidFile);
    } catch {
      // already gone: nothing to release
    }
  };
}
