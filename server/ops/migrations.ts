import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrateDatabase, type TDatabase } from '../db/client';

/**
 * Migrates `database` up to the migration tagged `tag` (all of them without one): a copy of the
 * migrations folder whose journal stops at `tag` is handed to the usual migrator. A restore uses
 * it to rebuild the exact schema a backup was made with before loading its rows.
 */
export async function migrateTo(database: TDatabase, tag?: string): Promise<void> {
  if (tag === undefined) return migrateDatabase(database);
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  );
  const entries = readJournal(MIGRATIONS_DIR);
  const upTo = entries.findIndex((entry) => entry.tag === tag);
  if (upTo < 0) throw new Error(`No migration tagged ${tag}.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-migrations-'));
  try {
    fs.mkdirSync(path.join(dir, 'meta'));
    for (const entry of entries.slice(0, upTo + 1)) {
      fs.copyFileSync(
        path.join(MIGRATIONS_DIR, `${entry.tag}.sql`),
        path.join(dir, `${entry.tag}.sql`),
      );
    }
    fs.writeFileSync(
      path.join(dir, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }),
    );
    await migrateDatabase(database, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface TJournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(dir: string): TJournalEntry[] {
  return JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')).entries;
}
