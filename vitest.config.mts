import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests live beside the code they test (`*.test.ts(x)`); browser tests are Playwright's
 * (tests/e2e). Two projects because JSX means React in src/ (build-time templates) and Preact in widgets/.
 */
const shared = {
  exclude: ['**/node_modules/**', 'public/**', 'releases/**', '.cache/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  // public/ and releases/ are build output (tens of thousands of files), not test assets: Vite must not scan them.
  publicDir: false,
  test: {
    reporters: ['default'],
    // A test file spends much of its time waiting on a database (PGlite's or the Postgres server's): one worker per
    // core keeps both cores of a 2-core runner busy, where vitest's default of one fewer left one idle (the whole
    // suite: 21 min with one worker, 13 min with two).
    maxWorkers: Math.max(1, availableParallelism()),
    projects: [
      {
        publicDir: false,
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          ...shared,
          name: 'node',
          include: ['{region-config,sites,content,plugins,src,server,tests/unit,tests/lighthouse}/**/*.test.{ts,tsx}'],
        },
      },
      {
        publicDir: false,
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        test: { ...shared, name: 'widgets', include: ['widgets/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
