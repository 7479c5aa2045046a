import fs from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type TDatabase } from '../db/client';
import { adminQuery, withDatabase } from './global-setup';

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the run's dump, or a
 * PostgreSQL database copied from the run's template. Closing it also drops the copy.
 */
export async function createTestDatabase(): Promise<TDatabase> {
  const template = inject('pgTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (template && databaseUrl) {
    const name = `samaj_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(databaseUrl, `create database ${name} template ${template}`);
    const database = await openPostgres(withDatabase(databaseUrl, name), 5);
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump)
    throw new Error(
      'The test database template is missing: is server/test/global-setup.ts configured?',
    );
  return openPglite({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
}
