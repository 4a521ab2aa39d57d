// lhci puppeteerScript of the cart and checkout audits: puts the session of the shopper that collect.ts signed up
// (shopper.ts, passed in LHCI_SHOPPER_COOKIES) in the browser that Lighthouse then audits. Lighthouse keeps cookies
// between runs (it clears caches, service workers and cache storage). CommonJS because lhci require()s it.
module.exports = async (browser) => {
  const cookies = JSON.parse(process.env.LHCI_SHOPPER_COOKIES || '[]');
  if (cookies.length === 0)
    throw new Error(
      'no signed-in shopper: audit cart and checkout through `npm run lhci` (tests/lighthouse/collect.ts)',
    );
  const page = await browser.newPage();
  try {
    // Playwright gives a session cookie the expiry -1, where the DevTools protocol wants none.
    await page.setCookie(...cookies.map(({ expires, ...cookie }) => (expires > 0 ? { ...cookie, expires } : cookie)));
  } finally {
    await page.close();
  }
};
