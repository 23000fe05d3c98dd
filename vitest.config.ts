import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: false,
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
