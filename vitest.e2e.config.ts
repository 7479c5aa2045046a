import { defineConfig } from 'vitest/config';

/** Browser journeys: one real server (built web app, fresh seeded embedded database) per run. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Each journey file is a visitor from its own address (per-address limits stay on)
    setupFiles: ['e2e/visitor-address.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
