import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two servers on one data directory would corrupt it.
 * The lock file holds the owner's pid; a lock whose process is gone is stale and taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'samaj.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another Samaj server (pid ${owner}); stop it first, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}
