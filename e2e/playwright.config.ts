import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT and PORTAL_WEB_DIST let several checkouts' suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const WEB_DIST = process.env.PORTAL_WEB_DIST ?? 'apps/web/dist';
// Each worker drives its own server on its own embedded database (ports PORT, PORT+1, …; see
// e2e/support.ts), so journeys in parallel never see each other's changes. Two by default: the
// browser and the server share the machine's cores, and more workers only queue behind them.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const ports = Array.from({ length: WORKERS }, (_, i) => PORT + i);
// Debian's headless shell (package chromium-headless-shell, the browser Playwright itself uses for
// headless runs) is the same Blink without the full browser's UI: the journeys take about 40 % less
// time in it (decision 0053). The full chromium when the shell is missing, or E2E_CHROMIUM's choice.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `../test-results/${PORT}`,
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Each journey runs axe (e2e/support.ts), a second or two a screen; a stuck journey fails in two minutes.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../.ci/out/playwright.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // A trace records every step (about 40 % of the suite's time): only a retry records one, so a
    // failure in CI (which retries once) still leaves its trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: ports.map((port) => ({
    // The real server on a fresh embedded database, serving the built web app (npm run build -w apps/web first).
    // The journeys sign in far more often than a person from one address (127.0.0.1), so the
    // per-address limits are lifted; with no SMTP server the reset journey reads its link in the
    // staff outbox, which shows links only with PORTAL_OUTBOX_SHOW_LINKS (refused in production).
    command: `rm -rf e2e/.data-${port} && RATE_LIMIT_SIGN_IN_PER_MINUTE=1000 RATE_LIMIT_PASSWORD_RESET_PER_MINUTE=1000 PORTAL_OUTBOX_SHOW_LINKS=true WEBHOOK_ALLOW_PRIVATE_TARGETS=true DATA_DIR=e2e/.data-${port} WEB_DIST=${path.resolve(import.meta.dirname, '..', WEB_DIST)} PORT=${port} LOG_LEVEL=warn node --import tsx apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
