/** Shared steps of the widget browser tests. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from '../staff-password';

interface SnapshotProduct {
  id: string;
  purchaseLimit: number;
  commodities: { commodityId: string; offers: Record<string, { stock: number } | undefined> }[];
}

const snapshot = <T>(file: string): T =>
  JSON.parse(fs.readFileSync(path.resolve('content/snapshots', file), 'utf8')) as T;

/** Products sold under special rules in a country (a pre-sale deposit, an F-code). */
export function specialProducts(local: string): Set<string> {
  const campaigns = [
    ...snapshot<{ campaigns: { local: string; productId: string }[] }>('promotions/presales.json').campaigns,
    ...snapshot<{ campaigns: { local: string; productId: string }[] }>('promotions/fcodes.json').campaigns,
  ];
  return new Set(campaigns.filter((c) => c.local === local).map((c) => c.productId));
}

const wellStocked = (local: string) => (c: SnapshotProduct['commodities'][number]) =>
  (c.offers[local]?.stock ?? 0) > 10;

/** An ordinary product with stock in the country (read from the snapshot the build used). */
function ordinaryProductInStock(local: string): SnapshotProduct {
  const raw = snapshot<{ products: SnapshotProduct[] }>('catalogue/products.json');
  const special = specialProducts(local);
  const found = raw.products.find(
    (p) => !special.has(p.id) && p.purchaseLimit > 1 && p.commodities.some(wellStocked(local)),
  );
  if (!found) throw new Error(`no product in stock in ${local}`);
  return found;
}

export const productInStock = (local: string): string => ordinaryProductInStock(local).id;

/** A commodity of that product with stock in the country, for putting it in a cart through the API. */
export function commodityInStock(local: string): string {
  return ordinaryProductInStock(local).commodities.find(wellStocked(local))!.commodityId;
}

/** The host element of a widget. */
export function host(page: Page, name: string): Locator {
  return page.locator(`store-widget[name="${name}"]`).first();
}

/** Waits until the island has mounted (the runtime sets data-state); `h` picks one host when a page has several. */
export async function mounted(page: Page, name: string, h: Locator = host(page, name)): Promise<Locator> {
  await h.scrollIntoViewIfNeeded();
  await expect(h).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
  return h;
}

export async function cookie(context: BrowserContext, name: string): Promise<string | null> {
  return (await context.cookies()).find((c) => c.name === name)?.value ?? null;
}

/**
 * Signs a new user up as a shopper does: register, open the link in the sign-up mail from the local
 * mailbox, confirm. The confirmation sets the session cookies in the browser context.
 */
export async function signUp(
  page: Page,
  urlLocal: string,
  nickname: string,
): Promise<{ email: string; password: string }> {
  const email = `w${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'correct horse battery';
  // Each signed-up test shopper comes from its own address, as shoppers do (the server trusts the loopback proxy).
  const json = {
    Accept: 'application/json',
    'X-Forwarded-For':
      `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.` +
      `${Math.floor(Math.random() * 250)}`,
  };
  const res = await page.request.post(`/api/${urlLocal}/site/register`, {
    data: { email, password, nickname },
    headers: json,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const box = await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to: email }).toString()}`);
  const mails = ((await box.json()) as { data: { mails: { kind: string; text: string }[] } }).data.mails;
  const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(mails.find((m) => m.kind === 'register-verify')?.text ?? '')?.[1];
  expect(token, `a sign-up mail for ${email}`).toBeTruthy();
  const verified = await page.request.post(`/api/${urlLocal}/site/verify`, { data: { token }, headers: json });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { email, password };
}

/**
 * The address with a house number of its own (the street's number, or the houseNumber field): each test shopper lives
 * at a door no other test shares, so the risk rule on many accounts ordering to one address (address_velocity) leaves
 * the suite's orders out of review, as it would real neighbours in different buildings.
 */
export function ownAddress<T extends Record<string, string>>(address: T): T {
  const n = String(1 + Math.floor(Math.random() * 99_998));
  if ('houseNumber' in address) return { ...address, houseNumber: n };
  const street = address['street'] ?? '';
  return { ...address, street: /\d+/.test(street) ? street.replace(/\d+/, n) : `${street} ${n}` };
}

/** Consent stored up front, so the banner stays out of the way of the test. */
export async function preConsent(context: BrowserContext, value = '0,1,2,3:'): Promise<void> {
  await context.addCookies([{ name: 'cookie_preference', value: encodeURIComponent(value), url: 'http://127.0.0.1' }]);
}

/** The UI string the build passed to a host (islands have no English default: the key must be there). */
export async function hostString(page: Page, name: string, key: string): Promise<string> {
  const raw = await host(page, name).getAttribute('props');
  const strings = (JSON.parse(raw ?? '{}') as { strings?: Record<string, string> }).strings ?? {};
  expect(strings[key], `the ${name} host passes ${key}`).toBeTruthy();
  return strings[key]!;
}

/** The link of the newest mail of a kind for an address in the local mailbox, as a path of this server. */
export async function mailLink(page: Page, to: string, kind: string): Promise<string> {
  const box = await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to }).toString()}`);
  const mails = ((await box.json()) as { data: { mails: { kind: string; text: string }[] } }).data.mails;
  const link = /https?:\/\/\S+token=[A-Za-z0-9_-]{43}/.exec(mails.find((m) => m.kind === kind)?.text ?? '')?.[0];
  expect(link, `a ${kind} mail for ${to}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/**
 * A second browser where the seeded staff member signs in on the ordinary sign-in page and opens a tab of a
 * storefront's support console.
 */
export async function staffConsole(browser: Browser, tab: string, local = 'id'): Promise<Page> {
  const context = await browser.newContext();
  await preConsent(context);
  const page = await context.newPage();
  await page.goto(
    `/api/${local}/site/login?redirectUrl=${encodeURIComponent(`/${local}/support/console/?tab=${tab}`)}`,
  );
  await page.locator('input[name="email"]').fill(E2E_STAFF_EMAIL);
  await page.locator('input[name="password"]').fill(E2E_STAFF_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === `/${local}/support/console/`);
  await mounted(page, 'user-area');
  await expect(page.getByTestId('staff-console')).toBeVisible();
  return page;
}

/** Sums the page's layout shifts not caused by input, from before its first paint (call before `goto`). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts summed since the current document began (watchLayoutShifts). */
export async function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

/**
 * On /id's card payment page after placing an order: pays with the sandbox's approving test card as `holder` and
 * waits for the result page to say paid.
 */
export async function payByCard(page: Page, holder = 'Budi Santoso'): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/id/buy/card-payment/');
  await mounted(page, 'checkout');
  const form = page.getByTestId('card-payment');
  await form.locator('#card-number').fill('4242 4242 4242 4242');
  await form.locator('#card-expiry').fill('12/34');
  await form.locator('#card-holder').fill(holder);
  await form.locator('#card-cvv').fill('123');
  await page.getByTestId('card-pay').click();
  await page.waitForURL((url) => url.pathname.startsWith('/id/payment-result/'));
  await mounted(page, 'checkout');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-state', 'paid');
}
