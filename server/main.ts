import path from 'node:path';
import { ConfigError, loadConfig, type TConfig } from './config';
import { DatabaseDamagedError, migrateDatabase, openDatabase, type TDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { seedDemo } from './db/seed';
import { systemClock } from './lib/clock';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts';
import { APP_VERSION } from './version';
import { listenForBackupRequests } from './ops/backup-requests';
import { startNightlyBackup } from './ops/nightly-backup';

const WEB_DIR = path.resolve(import.meta.dirname, '..', 'dist');

/** Problems a person can fix get one clear line, not a stack trace. */
function fail(message: string): never {
  console.error(`samaj: ${message}`);
  process.exit(1);
}

function announce(config: TConfig, seeded: boolean): void {
  const where = config.databaseUrl
    ? 'PostgreSQL'
    : `the embedded database in ${path.join(config.dataDir, 'db')}`;
  const lines = [
    '',
    `  Samaj is running: open ${config.publicUrl}`,
    `  Data: ${where}${seeded ? ' (demo association seeded)' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo accounts (password samaj-demo):');
    for (const account of DEMO_ACCOUNTS)
      lines.push(`    ${account.email.padEnd(22)} ${account.label}`);
  }
  console.log(lines.join('\n') + '\n');
}

async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = loadConfig(process.env, APP_VERSION);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let releaseLock = () => {};
  let database: TDatabase;
  // The app's modules load while the database opens (PGlite compiles its WebAssembly meanwhile)
  let loadingApp: Promise<typeof import('./app')> | undefined;
  try {
    if (!config.databaseUrl) releaseLock = await lockDataDir(config.dataDir);
    const opening = openDatabase(config);
    loadingApp = import('./app');
    loadingApp.catch(() => undefined); // awaited below; a failure to open is reported first
    database = await opening;
    await migrateDatabase(database);
  } catch (error) {
    releaseLock();
    if (error instanceof DataDirLockedError || error instanceof DatabaseDamagedError)
      fail(error.message);
    if (config.databaseUrl)
      fail(`cannot reach or migrate the database at DATABASE_URL (${(error as Error).message})`);
    throw error;
  }

  const { seeded } = config.seedDemo
    ? await seedDemo(database.db, {
        clock: systemClock,
        timeZone: config.timeZone,
        eventPrefix: config.eventPrefix,
      })
    : { seeded: false };

  const { buildApp, LISTEN_BACKLOG } = await loadingApp;
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    webDir: WEB_DIR,
    workers: true,
  });

  // The embedded database has one owner, this process: `npm run backup` asks it by SIGUSR2.
  const stopBackupRequests = config.databaseUrl
    ? () => undefined
    : listenForBackupRequests(config.dataDir, database, config.version, app.log);
  const stopNightly = startNightlyBackup(config, database, systemClock, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      stopBackupRequests();
      stopNightly();
      await app.close(); // stops accepting, lets in-flight requests finish, runs onClose hooks (workers)
      await database.close(); // PGlite: checkpoint, then close
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    await database.close();
    releaseLock();
    fail(`cannot listen on ${config.host}:${config.port} (${(error as Error).message})`);
  }
  announce(config, seeded);
  // After listening, so a start is not slower: the first receipt then finds its fonts ready
  import('./lib/pdf-fonts')
    .then(({ warmPdfFonts }) => warmPdfFonts())
    .catch((error: unknown) => app.log.warn({ err: error }, 'PDF fonts not warmed'));
}

void main();
