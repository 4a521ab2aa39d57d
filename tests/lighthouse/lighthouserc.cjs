// Lighthouse CI (mobile preset, Lighthouse 12 bundled by @lhci/cli 0.15) against the built storefronts served
// by the real server. Debian's Chromium is used through CHROME_PATH. Run after a build of id, de and ae-ar:
//   npm run lhci                  the whole set: 6 page types of id, de and ae-ar, and cart/checkout;
// 3 runs each, the median score of each category must be 100 (95 on cart and checkout, audited
//                                 as a signed-in shopper with a product in the cart: shopper.ts, signed-in-shopper.cjs)
//   LHCI_SET=ci npm run lhci      what `npm test` runs: 3 pages, 2 runs each. Accessibility, best practices, SEO
//                                 and the deterministic audits (layout shift, render-blocking requests, console
//                                 errors, LCP image not lazy, text compression) must be perfect in every run; the
//                                 better run's performance must reach the CI threshold below.
//   LHCI_RUNS=1 npm run lhci      fewer runs
//   LHCI_CPU_SLOWDOWN=4 npm run lhci   Lighthouse's fixed default CPU slowdown instead of the calibrated one
//   LHCI_NO_ISLANDS=1 npm run lhci     the pages without their islands (every /_widgets/ request blocked), to tell
//                                 what the static page costs from what its islands add; nothing is asserted
// `npm run lhci` collects through collect.ts: it starts the server, and runs `lhci collect` once per page and round
// with LHCI_URL and a CPU slowdown calibrated to the host's speed in that round (cpu-slowdown.ts).
const port = process.env.LHCI_PORT || '8124';
const base = `http://127.0.0.1:${port}`;
/** A product sold in id, de and ae-ar without a pre-sale or F-code rule there (a country that does not sell a product
 * has a noindex page for it). */
const product = process.env.LHCI_PRODUCT || 'xiaomi-15t';
const ci = process.env.LHCI_SET === 'ci';
/** Set by collect.ts: one run of one page, simulated with this CPU slowdown. */
const single = process.env.LHCI_URL;
const cpuSlowdown = Number(process.env.LHCI_CPU_SLOWDOWN) || undefined;
const noIslands = process.env.LHCI_NO_ISLANDS === '1';

/** The page types of the issue, per storefront. */
const pageTypes = [
  '',
  'product-list/phones/',
  `product/${product}/`,
  'support/',
  'support/faq/details/1001/',
  'smart-home/',
];
const storefronts = ['id', 'de', 'ae-ar'];
const shopping = ['cart/', 'checkout/'];
const SHOPPING_PAGE = /\/(cart|checkout)\/$/;

const urls = ci
  ? [`${base}/id/`, `${base}/de/product/${product}/`, `${base}/ae-ar/support/`]
  : [
      ...storefronts.flatMap((s) => pageTypes.map((p) => `${base}/${s}/${p}`)),
      ...shopping.map((p) => `${base}/id/${p}`),
    ];

/** Audits that do not depend on timing: a good build passes them in every run on any machine. */
const deterministic = {
  'categories:accessibility': ['error', { minScore: 1, aggregationMethod: 'pessimistic' }],
  'categories:best-practices': ['error', { minScore: 1, aggregationMethod: 'pessimistic' }],
  'categories:seo': ['error', { minScore: 1, aggregationMethod: 'pessimistic' }],
  'cumulative-layout-shift': ['error', { maxNumericValue: 0.01, aggregationMethod: 'pessimistic' }],
  'render-blocking-resources': ['error', { maxLength: 0, aggregationMethod: 'pessimistic' }],
  'errors-in-console': ['error', { minScore: 1, aggregationMethod: 'pessimistic' }],
  'lcp-lazy-loaded': ['error', { minScore: 1, aggregationMethod: 'pessimistic' }],
  'uses-text-compression': ['error', { minScore: 1, aggregationMethod: 'pessimistic' }],
};

/**
 * Cart and checkout are noindex (no search engine should list a shopper's cart), which fails Lighthouse's
 * is-crawlable audit and caps their SEO category at 66 by design; every other SEO audit must pass.
 */
const shoppingSeo = Object.fromEntries(
  [
    'document-title',
    'meta-description',
    'http-status-code',
    'link-text',
    'crawlable-anchors',
    'robots-txt',
    'image-alt',
    'hreflang',
  ].map((audit) => [audit, ['error', { minScore: 1, aggregationMethod: 'pessimistic' }]]),
);

// 'median', not 'median-run': @lhci/utils 0.15 judges a category assertion over every run, where 'median-run' falls
// through to the best run (getValueForAggregationMethod), so it asserted the best of three.
const assertMatrix = noIslands
  ? // A diagnostic run: without islands there is no cookie banner, no header counters and no cart, so the pages are
    // not what a shopper gets and their scores are only compared with a run that has them.
    [{ matchingUrlPattern: '.*', assertions: {} }]
  : ci
    ? // 0.9 for the better of two runs: a regression that adds a few hundred ms of blocking time or a slow LCP fails
      // CI, while a slow minute of a 2-core host (one run of a good page at 90-97) does not. The last four fresh-clone
      // runs of `.ci/run` (2026-11-28) gave these pages 98 to 100. The gate was 0.6 from 2026-11-25, when they blocked
      // 1.1-2.3 s here under a fixed 4x slowdown; with the slowdown calibrated per round (collect.ts) and the speed
      // work they block under 100 ms in most runs.
      [
        {
          matchingUrlPattern: '.*',
          assertions: {
            ...deterministic,
            'categories:performance': ['error', { minScore: 0.9, aggregationMethod: 'optimistic' }],
          },
        },
      ]
    : [
        {
          matchingUrlPattern: '/(cart|checkout)/$',
          assertions: {
            ...Object.fromEntries(
              ['performance', 'accessibility', 'best-practices'].map((c) => [
                `categories:${c}`,
                ['error', { minScore: 0.95, aggregationMethod: 'median' }],
              ]),
            ),
            ...shoppingSeo,
          },
        },
        {
          matchingUrlPattern: '^(?!.*/(cart|checkout)/$).*',
          assertions: {
            ...deterministic,
            'categories:performance': ['error', { minScore: 1, aggregationMethod: 'median' }],
          },
        },
      ];

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const collected = single ? [single] : urls;
const signedIn = collected.some((url) => SHOPPING_PAGE.test(url));
const runs = Number(process.env.LHCI_RUNS || (ci ? 2 : 3));

module.exports = {
  product,
  port,
  urls,
  runs,
  chromeFlags,
  shoppingPage: SHOPPING_PAGE,
  ci: {
    collect: {
      url: collected,
      numberOfRuns: single ? 1 : runs,
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      // Cart and checkout are audited as a signed-in shopper: lhci then runs the page in a browser that the script
      // prepares (Lighthouse still clears caches and service workers before each run), launched with the same flags
      // (puppeteer starts it headless).
      ...(signedIn
        ? {
            puppeteerScript: 'tests/lighthouse/signed-in-shopper.cjs',
            puppeteerLaunchOptions: { args: chromeFlags.filter((flag) => !flag.startsWith('--headless')) },
          }
        : {}),
      settings: {
        ...(signedIn ? {} : { chromeFlags: chromeFlags.join(' ') }),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
        ...(noIslands ? { blockedUrlPatterns: ['*/_widgets/*'] } : {}),
      },
    },
    assert: { assertMatrix },
    upload: { target: 'filesystem', outputDir: '.lighthouseci/reports' },
  },
};
