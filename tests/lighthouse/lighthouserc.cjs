// Lighthouse CI (mobile preset, Lighthouse 12 bundled by @lhci/cli 0.15) against the built storefront served
// by the real server. Debian's Chromium is used through CHROME_PATH. Run: npm run lhci (after a build).
const port = process.env.LHCI_PORT || '8124';
const base = `http://127.0.0.1:${port}`;
const product = process.env.LHCI_PRODUCT || 'redmi-note-14-pro';

module.exports = {
  ci: {
    collect: {
      startServerCommand: `PORT=${port} HOST=127.0.0.1 DATA_DIR=.data/lhci npm run serve`,
      startServerReadyPattern: 'listening',
      startServerReadyTimeout: 120000,
      url: [`${base}/id/`, `${base}/id/product/${product}/`, `${base}/id/support/`],
      numberOfRuns: 1,
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      settings: {
        chromeFlags: '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
    },
    upload: { target: 'filesystem', outputDir: '.lighthouseci/reports' },
  },
};
