// `npm run db:migrate`: brings the configured database (DATABASE_URL, or PGlite under DATA_DIR)
// up to date.
import { ConfigError, loadConfig } from '../config';
import { DatabaseDamagedError, migrateDatabase, openDatabase } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  // PGlite has no lock of its own: migrating under a running server would corrupt its directory
  const release = config.databaseUrl ? () => undefined : await lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(config);
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`samaj: database migrated (${where}).`);
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseDamagedError ||
    error instanceof DataDirLockedError;
  console.error(known ? `samaj: ${(error as Error).message}` : error);
  process.exitCode = 1;
});
