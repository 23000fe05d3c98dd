import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTest = {
  root: './apps/server',
  environment: 'node' as const,
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // A worker keeps its modules from one file to the next instead of importing the app again for
  // each (about 1.6 s a file, a third of the suite's time on two cores). The files share no
  // module state that matters: each builds its own app and database, and none mocks a module.
  isolate: false,
};

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a two-core machine by default (cores - 1); the API files
    // wait on their database much of the time, so two at a time finish the suite sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: false,
        test: { ...serverTest, name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      // The same API suite against a real PostgreSQL server when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: false as const,
              test: {
                ...serverTest,
                name: 'server-pg',
                include: ['src/domains/**/*.test.ts', 'test/**/*.test.ts'],
                // main.test.ts starts the embedded default; it has nothing to run on PostgreSQL.
                exclude: ['test/main.test.ts'],
                env: { PORTAL_TEST_DB: 'pg' },
              },
            },
          ]
        : []),
      {
        extends: false,
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      { extends: false, test: { name: 'scripts', root: './scripts', include: ['*.test.mjs'], environment: 'node' } },
      './apps/web/vitest.config.ts',
    ],
  },
});
