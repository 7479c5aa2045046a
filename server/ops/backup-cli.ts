// `npm run backup [-- FILE|DIR]`: writes one backup file of the whole association while the
// server keeps running. PostgreSQL: read directly in one snapshot. Embedded database: when a
// server holds the data directory it writes the backup itself (asked by SIGUSR2), otherwise this
// command opens the directory.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type TConfig } from '../config';
import { DatabaseDamagedError, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { APP_VERSION } from '../version';
import { BackupError, backupFileName, writeBackup, type TBackupSummary } from './backup';
import { requestBackup } from './backup-requests';

function target(config: TConfig, arg: string | undefined): string {
  const name = backupFileName(new Date());
  if (arg === undefined) {
    return path.join(config.backup.dir ?? path.join(config.dataDir, 'backups'), name);
  }
  const resolved = path.resolve(arg);
  const isDir = fs.existsSync(resolved) && fs.statSync(resolved).isDirectory();
  return isDir ? path.join(resolved, name) : resolved;
}

async function backupDirectly(config: TConfig, file: string): Promise<TBackupSummary> {
  const database = await openDatabase(config);
  try {
    return await writeBackup(database, file, APP_VERSION);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, APP_VERSION);
  const file = target(config, process.argv[2]);
  let summary: TBackupSummary;
  if (config.databaseUrl) {
    summary = await backupDirectly(config, file);
  } else {
    let release: (() => void) | undefined;
    try {
      release = await lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
    }
    if (release) {
      try {
        summary = await backupDirectly(config, file);
      } finally {
        release();
      }
    } else {
      const pid = Number(fs.readFileSync(path.join(config.dataDir, 'samaj.lock'), 'utf8'));
      console.log(
        `samaj: the server (pid ${pid}) holds the data directory; asking it to write the backup…`,
      );
      summary = await requestBackup(config.dataDir, pid, file);
    }
  }
  const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  console.log(
    `samaj: backup written to ${summary.file} (${(summary.bytes / 1024).toFixed(0)} KiB, ${total} rows, schema ${summary.migration}, ${summary.ms} ms).`,
  );
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseDamagedError ||
    error instanceof BackupError;
  console.error(
    known
      ? `samaj: ${(error as Error).message}`
      : `samaj: backup failed: ${(error as Error).message ?? String(error)}`,
  );
  process.exitCode = 1;
});
