import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_OPS_TOKEN } from './tests/e2e/ops-token';
import { E2E_STAFF_PASSWORD } from './tests/e2e/staff-password';
import { E2E_RELEASE_MANAGER_PASSWORD } from './tests/e2e/release-manager-password';

const port = Number(process.env.E2E_PORT ?? 8123);
/** A pseudo-locale run (`npm run test:pseudo`): only tests/e2e/pseudo, against a pseudo-locale build and server. */
const pseudo = Boolean(process.env.PSEUDO_LOCALE);
const RELEASE_CONSOLE_SPEC = 'release-console.spec.ts';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built subset of regions
 * (`npm run test:e2e` builds the storefronts it names) served with the API by the real server on a fresh PGlite folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  ...(pseudo ? { testMatch: 'pseudo/**/*.spec.ts' } : { testIgnore: 'pseudo/**' }),
  // The release console's test rebuilds and republishes the served site (Gatsby's public/ and releases/): it runs
  // after every other test, which read the built site and publish edits of it, never beside them.
  ...(pseudo
    ? {}
    : {
        projects: [
          { name: 'site', testIgnore: ['pseudo/**', RELEASE_CONSOLE_SPEC] },
          { name: 'release console', testMatch: RELEASE_CONSOLE_SPEC, dependencies: ['site'] },
        ],
      }),
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Every shopper here has already answered the other-country tip (Chromium says en-US, which points to /us/ from
    // every other store), so the tip does not cover the header; its own tests start without the answer.
    storageState: {
      cookies: [
        {
          name: 'store_choice',
          value: 'id',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'npm run serve',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // TRUST_PROXY: test helpers that sign up through the API act as shoppers on their own addresses (X-Forwarded-For),
    // so the per-address sign-up limit holds for each of them as it would behind the CDN.
    // STAFF_PASSWORD: staff tests sign in to the support console. OPS_TOKEN: the pre-order flow moves its campaign's
    // windows and the gift card flow issues a card as operators do.
    // SITE_URL: the public origin the browser uses, on which mail links and the pay-later provider's addresses are
    // built.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `storefront-e2e-${Date.now()}`),
      LOG_LEVEL: 'warn',
      OPS_TOKEN: E2E_OPS_TOKEN,
      STAFF_PASSWORD: E2E_STAFF_PASSWORD,
      RELEASE_MANAGER_PASSWORD: E2E_RELEASE_MANAGER_PASSWORD,
      // A deleted account's grace period of seconds: account-data.spec.ts sees sign-in refused after it.
      ACCOUNT_DELETION_GRACE_MS: '4000',
      // The friend reward 5 s after the first order's delivery instead of its return window: friends.spec.ts.
      FRIEND_RETURN_WINDOW_MS: '5000',
      // Every test browser comes from 127.0.0.1, where real shoppers each have their own address: the per-address
      // allowances (120 writes a minute, 30 uploads an hour, …) are ten times theirs here.
      RATE_LIMIT_ADDRESS_FACTOR: '10',
      ...(pseudo ? { PSEUDO_LOCALE: process.env.PSEUDO_LOCALE! } : {}),
    },
  },
});
