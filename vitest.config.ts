import { defineConfig } from 'vitest/config';

// Tests that prove behaviour only a real server can show (row locks, crash recovery) are named
// *.pg.test.ts and run when DATABASE_URL points at PostgreSQL (CI runs the suite both ways).
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['domain/**/*.test.ts', 'web/**/*.test.ts'] },
      },
      {
        extends: true,
        // The migrated database is built once per run and copied per test file.
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: onPostgres ? [] : ['server/**/*.pg.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
    ],
  },
});
