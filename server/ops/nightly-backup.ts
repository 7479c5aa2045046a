/**
 * The nightly backup (BACKUP_DIR): every few minutes each instance checks whether tonight's
 * backup is due (past BACKUP_HOUR in TIME_ZONE); the first to claim the night in
 * `scheduled_runs` writes it and prunes to BACKUP_KEEP, the others skip. A failed run gives its
 * claim back so another check (on any instance) tries again.
 */
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { TConfig } from '../config';
import type { TDatabase } from '../db/client';
import { scheduledRuns } from '../db/schema';
import type { TClock } from '../lib/clock';
import { backupFileName, pruneBackups, writeBackup, type TBackupSummary } from './backup';

const JOB = 'nightly-backup';
const CHECK_MS = 5 * 60_000;

/** The local date and hour in `timeZone`. */
function localDateAndHour(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export interface TNightlyResult {
  ran: boolean;
  summary?: TBackupSummary;
  pruned?: string[];
}

/** One check: writes tonight's backup if it is due and no instance has claimed it. */
export async function runNightlyBackup(
  config: TConfig,
  database: TDatabase,
  clock: TClock,
): Promise<TNightlyResult> {
  const dir = config.backup.dir;
  if (!dir) return { ran: false };
  const now = clock.now();
  const { date, hour } = localDateAndHour(now, config.timeZone);
  if (hour < config.backup.hour) return { ran: false };
  const claimed = await database.db
    .insert(scheduledRuns)
    .values({
      job: JOB,
      period: date,
      claimedBy: `${os.hostname()}:${process.pid}`,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ job: scheduledRuns.job });
  if (claimed.length === 0) return { ran: false };
  try {
    const summary = await writeBackup(
      database,
      path.join(dir, backupFileName(now)),
      config.version,
    );
    return { ran: true, summary, pruned: pruneBackups(dir, config.backup.keep) };
  } catch (error) {
    await database.db
      .delete(scheduledRuns)
      .where(and(eq(scheduledRuns.job, JOB), eq(scheduledRuns.period, date)));
    throw error;
  }
}

export function startNightlyBackup(
  config: TConfig,
  database: TDatabase,
  clock: TClock,
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  },
): () => void {
  if (!config.backup.dir) return () => undefined;
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    runNightlyBackup(config, database, clock)
      .then((result) => {
        if (result.summary) {
          const { file, bytes, ms } = result.summary;
          log.info({ file, bytes, ms, pruned: result.pruned }, 'nightly backup written');
        }
      })
      .catch((err: unknown) => log.error({ err }, 'nightly backup failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(check, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
