import { defineConfig } from 'vitest/config';

const serverTest = {
  root: './apps/server',
  environment: 'node' as const,
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
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
