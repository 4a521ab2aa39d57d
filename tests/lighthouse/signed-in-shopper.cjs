// lhci puppeteerScript of the full set (lighthouserc.cjs). Before the first cart or checkout page, a shopper signs up
// as §6 describes (register, the link in the local mailbox, verify) and puts a phone in the cart, in the browser
// Lighthouse then audits: a guest's checkout sends them to sign-in, and an empty cart is not the page shoppers use.
// Lighthouse keeps cookies between runs (it clears caches, service workers and cache storage), so this runs once.
// CommonJS because lhci require()s it.
const fs = require('fs');
const path = require('path');
const { product } = require('./lighthouserc.cjs');

const SHOPPING_PAGE = /^\/([a-z-]+)\/(cart|checkout)\/$/;

/** A commodity of the audited product with stock in the storefront's country (read from the snapshot the build used). */
function commodityInStock(country) {
  const file = path.resolve('content/snapshots/catalogue/products.json');
  const found = JSON.parse(fs.readFileSync(file, 'utf8')).products.find((p) => p.id === product);
  const commodity = found?.commodities.find((c) => (c.offers[country]?.stock ?? 0) > 0);
  if (!commodity) throw new Error(`${product} has no stock in ${country}: set LHCI_PRODUCT to a product sold there`);
  return commodity.commodityId;
}

/** Runs in the page: the same requests the storefront's own sign-up and add-to-cart make. Returns an error or ''. */
async function signUpAndFillCart(urlLocal, commodityId) {
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const post = (route, body) => fetch(`/api/${urlLocal}${route}`, { method: 'POST', headers: json, body: JSON.stringify(body), credentials: 'same-origin' });
  const email = `lhci${Date.now()}@example.com`;
  const registered = await post('/site/register', { email, password: 'correct horse battery', nickname: 'Lighthouse' });
  if (!registered.ok) return `register: ${registered.status} ${await registered.text()}`;
  const box = await (await fetch(`/api/mailbox?${new URLSearchParams({ format: 'json', to: email })}`)).json();
  const mail = box.data.mails.find((m) => m.kind === 'register-verify');
  const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) return `no sign-up mail for ${email}`;
  const verified = await post('/site/verify', { token });
  if (!verified.ok) return `verify: ${verified.status} ${await verified.text()}`;
  const added = await post('/cart', { action: 'add', commodityId, quantity: 1 });
  return added.ok ? '' : `cart add: ${added.status} ${await added.text()}`;
}

let prepared = null;

module.exports = async (browser, { url }) => {
  const { origin, pathname } = new URL(url);
  const shopping = SHOPPING_PAGE.exec(pathname);
  if (!shopping) return;
  prepared ??= (async () => {
    const urlLocal = shopping[1];
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/${urlLocal}/`);
      // The storefront's country is the first part of its code (ae-ar sells in ae).
      const problem = await page.evaluate(signUpAndFillCart, urlLocal, commodityInStock(urlLocal.split('-')[0]));
      if (problem) throw new Error(`signed-in shopper for ${url}: ${problem}`);
    } finally {
      await page.close();
    }
  })();
  await prepared;
};
