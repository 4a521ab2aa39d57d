import { defineConfig } from 'vitest/config';

// Unit and integration tests live beside the code they test (`*.test.ts(x)`); browser tests are Playwright's (tests/e2e).
export default defineConfig({
  test: {
    include: ['{region-config,sites,content,plugins,src,widgets,server,tests/unit}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'public/**', '.cache/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
