import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { mailFrom, shopEmail } from './e2e/mail.ts';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the built shop on a
 * fresh database: SQLite by default, PostgreSQL when E2E_DATABASE_URL is set.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
// Set once in the main process; workers inherit it, so tests can read the same database.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `shop-e2e-${process.pid}-${Date.now()}`);
process.env.E2E_DATABASE_URL ??= `sqlite:${path.join(process.env.E2E_DATA_DIR, 'shop.sqlite')}`;
// The shop sends its mail to the run's own SMTP server (e2e/mail-server.ts), which writes what
// it receives here for e2e/mail.ts's waitForMail.
process.env.E2E_SMTP_PORT ??= String(port + 5);
process.env.E2E_MAIL_DIR ??= `${process.env.E2E_DATA_DIR}-mail`;

/**
 * Chrome keeps only the last `--disable-features` it is given, so this one repeats the features
 * Playwright 1.64 disables (chromiumSwitches.ts) and adds the omnibox popups: full Chromium builds
 * them as two WebUI renderers for every new window, which is every test's new context. Without
 * them a new context costs 0.65 s of CPU instead of 1.32 s on this machine.
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  `--disable-features=${disabledFeatures.join(',')}`,
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/mail-server.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test nearly doubled the suite's time (checkout, home and
    // category: 310 s of test time with, 176 s without); a failure's retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /settings\.spec\.ts/ },
    // Tests that change shop-wide settings run last, alone.
    {
      name: 'settings',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /settings\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node build/server/main.js',
    url: `http://127.0.0.1:${port}/shop/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Browser tests change settings in the database and expect the next page to see them.
      SETTINGS_CACHE_TTL_MS: '0',
      // Every test's shopper pays from 127.0.0.1: a run makes more than the 30 payment attempts an
      // address may make in 15 minutes, so the last payments were refused as card testing. The limit
      // itself is proved by src/payments/rate-limit.api.test.ts.
      PAYMENT_ATTEMPTS_PER_IP: '10000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: mailFrom,
      SHOP_EMAIL: shopEmail,
    },
  },
});
