import { chromium, type Cookie } from '@playwright/test';
import { commodityInStock, signUp } from '../e2e/widgets/helpers';

/**
 * The shopper whose cart and checkout `npm run lhci` audits (a guest's checkout sends them to sign in, and an
 * empty cart is not the page shoppers use): signed up once per collection as the browser tests sign shoppers up,
 * with a product of the storefront's country in the cart. Returns the session cookies, which
 * signed-in-shopper.cjs puts in the browser of each audit.
 */
export async function signedInShopper(
  base: string,
  urlLocal: string,
  chromePath: string,
  args: string[],
): Promise<Cookie[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args });
  try {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signUp(page, urlLocal, 'Lighthouse');
    // The storefront's country is the first part of its code (ae-ar sells in ae).
    const commodityId = commodityInStock(urlLocal.split('-')[0] ?? urlLocal);
    const added = await page.request.post(`/api/${urlLocal}/cart`, {
      data: { action: 'add', commodityId, quantity: 1 },
      headers: { Accept: 'application/json' },
    });
    if (!added.ok()) throw new Error(`the Lighthouse shopper's cart: ${added.status()} ${await added.text()}`);
    return await context.cookies();
  } finally {
    await browser.close();
  }
}
