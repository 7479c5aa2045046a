// `npm run restore -- FILE [--force]`: brings a backup back into the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR). It must be empty unless --force is given,
// which replaces everything in it. The embedded database cannot be restored under a running
// server: stop it first.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DatabaseDamagedError, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { APP_VERSION } from '../version';
import { BackupError, restoreBackup } from './backup';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1) {
    throw new BackupError('usage: npm run restore -- FILE [--force]');
  }
  const file = path.resolve(files[0]);
  const config = loadConfig(process.env, APP_VERSION);
  const release = config.databaseUrl ? () => undefined : await lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(config);
    try {
      const { header, rows } = await restoreBackup(database, file, { force });
      const where = config.databaseUrl
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${config.dataDir}`;
      console.log(
        `samaj: restored ${file} (made ${header.createdAt} by version ${header.appVersion}) into ${where}: ${rows.members ?? 0} members, ${rows.payments ?? 0} payments.`,
      );
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseDamagedError ||
    error instanceof DataDirLockedError ||
    error instanceof BackupError;
  console.error(
    known
      ? `samaj: ${(error as Error).message}`
      : `samaj: restore failed: ${(error as Error).message ?? String(error)}`,
  );
  process.exitCode = 1;
});
