import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  layoutShifts,
  mounted,
  ownAddress,
  payByCard,
  preConsent,
  signUp,
  staffConsole,
  watchLayoutShifts,
} from './helpers';
import { E2E_OPS_TOKEN } from '../ops-token';
import { E2E_RELEASE_MANAGER_EMAIL, E2E_RELEASE_MANAGER_PASSWORD } from '../release-manager-password';
import { toMinor } from '../../../region-config/money';
import type { FlashSaleCampaign, FlashSalesSnapshot } from '../../../content/schemas/flash-sales.schema';

const json = { Accept: 'application/json' };
const ops = { ...json, authorization: `Bearer ${E2E_OPS_TOKEN}` };

const JAKARTA = {
  recipient: 'Budi Kilat',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
};

/** /id's sale of the flash-sales snapshot the build used. */
function idSale(): FlashSaleCampaign {
  const file = 'content/snapshots/promotions/flash-sales.json';
  const sale = (JSON.parse(readFileSync(file, 'utf8')) as FlashSalesSnapshot).sales.find((s) => s.local === 'id');
  if (!sale) throw new Error('the flash-sales snapshot has no /id sale');
  return sale;
}

/** Moves the sale as an operator would: one unit, opening `startsInMs` from the server's now, for ten minutes. */
async function moveSale(request: APIRequestContext, sale: FlashSaleCampaign, startsInMs: number) {
  const probe = await request.get('/api/health');
  const serverNow = Number(probe.headers()['x-server-time']);
  expect(serverNow).toBeGreaterThan(0);
  const r = await request.post('/api/ops/flash-sales', {
    data: {
      saleId: sale.id,
      local: 'id',
      productId: sale.productId,
      commodityIds: sale.commodityIds,
      startsAt: new Date(serverNow + startsInMs).toISOString(),
      endsAt: new Date(serverNow + startsInMs + 600_000).toISOString(),
      units: 1,
      salePrice: toMinor(sale.salePrice, 'IDR'),
      perAccountLimit: 1,
      fcodeRequired: false,
      minClubLevel: null,
      waitingRoom: false,
      paymentWindowSeconds: 900,
    },
    headers: ops,
  });
  expect((await r.json()).errno, await r.text()).toBe(0);
}

test.describe('flash sale: countdown, buy, pay, sold out, without a rebuild', () => {
  test('id: a shopper waits on the countdown, it turns live, wins, pays, sees the order; then sold out', async ({
    page,
    context,
    browser,
  }) => {
    const sale = idSale();
    // The device clock is an hour fast: only the server's time can put the countdown right.
    await page.addInitScript(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 3600_000;
    });
    await watchLayoutShifts(page);
    await preConsent(context);
    await signUp(page, 'id', 'Kilat');
    await moveSale(page.request, sale, 8_000);

    // The page was built with the snapshot's window; the island counts down to the moved start.
    await page.goto(`/id/flash-sale/${sale.id}/`);
    const box = (await mounted(page, 'flash-sale')).getByTestId('flash-sale');
    await expect(box).toHaveAttribute('data-state', 'upcoming');
    await expect(box.getByTestId('countdown')).toContainText(/00:00:00:0\d/);
    await expect(box.getByTestId('flash-sale-buy')).toBeDisabled();

    await expect(box).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await box.getByTestId('flash-sale-buy').click();
    // A new account has no delivery address yet: the unit is held while the shopper adds one.
    await expect(box).toHaveAttribute('data-state', 'address');
    await expect(box.getByTestId('flash-sale-address')).toHaveAttribute('href', '/id/user/address/');
    const saved = await page.request.post('/api/id/address/save', { data: ownAddress(JAKARTA), headers: json });
    expect((await saved.json()).errno).toBe(0);
    await expect(box).toHaveAttribute('data-state', 'won', { timeout: 10_000 });
    await expect(box.getByTestId('flash-sale-state')).toHaveAttribute('aria-live', 'polite');
    expect(await layoutShifts(page)).toBeLessThan(0.1);

    await box.getByTestId('flash-sale-pay').click();
    await payByCard(page, 'Budi Kilat');
    const orderId = new URL(page.url()).pathname.split('/').filter(Boolean).pop()!;
    await page.goto(`/id/user/order/${orderId}/`);
    await mounted(page, 'user-area');
    await expect(page.locator('main')).toContainText(orderId);

    // A second shopper: the one unit is sold, so the page and the server say sold out.
    const other = await browser.newContext();
    await preConsent(other);
    const second = await other.newPage();
    await signUp(second, 'id', 'Habis');
    await second.goto(`/id/flash-sale/${sale.id}/`);
    const box2 = (await mounted(second, 'flash-sale')).getByTestId('flash-sale');
    await expect(box2).toHaveAttribute('data-state', 'sold_out');
    await expect(box2.getByTestId('flash-sale-buy')).toBeHidden();
    const enter = await second.request.post('/api/id/seckill/enter', {
      data: { saleId: sale.id, commodityId: sale.commodityIds[0] },
      headers: json,
    });
    expect((await enter.json()).data.state).toBe('sold_out');
    await other.close();
  });

  test('id: the product page shows the sale banner linking to the sale page', async ({ page, context }) => {
    const sale = idSale();
    await preConsent(context);
    await page.goto(`/id/product/${sale.productId}/`);
    const banner = page.getByTestId('flash-sale-banner').locator('a');
    await expect(banner).toHaveAttribute('href', `/id/flash-sale/${sale.id}/`);
  });

  test('id: staff set a sale from the console, and shoppers read it from the seckill routes at once', async ({
    browser,
    request,
  }) => {
    const sale = idSale();
    const console = await staffConsole(browser, 'flash-sales');
    const form = console.getByTestId('console-flash-sales');
    const saleId = `console-${Date.now().toString(36)}`;
    const local = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
    await form.locator('input[name="saleId"]').fill(saleId);
    await form.locator('input[name="productId"]').fill(sale.productId);
    await form.locator('input[name="commodityIds"]').fill(sale.commodityIds.join(', '));
    await form.locator('input[name="startsAt"]').fill(local(86_400_000));
    await form.locator('input[name="endsAt"]').fill(local(2 * 86_400_000));
    await form.locator('input[name="units"]').fill('25');
    await form.locator('input[name="salePrice"]').fill('6999000');
    await form.locator('select[name="minClubLevel"]').selectOption('gold');
    await form.getByRole('button').click();
    await expect(form.getByRole('status')).not.toBeEmpty();
    await expect(form.getByRole('alert')).toBeEmpty();

    const read = await (await request.get(`/api/id/seckill/sale?saleId=${saleId}`, { headers: json })).json();
    expect(read.errno).toBe(0);
    expect(read.data).toMatchObject({ phase: 'upcoming', units: 25, left: 25, sale_price: 6999000 });
    expect(read.data.min_club_level).toBe('gold');

    // A start after the end is refused with the reason, in the console's language, and nothing is saved.
    await form.locator('input[name="saleId"]').fill(`${saleId}-b`);
    await form.locator('input[name="endsAt"]').fill(local(3_600_000));
    await form.getByRole('button').click();
    await expect(form.getByRole('alert')).not.toBeEmpty();
    const none = await (await request.get(`/api/id/seckill/sale?saleId=${saleId}-b`, { headers: json })).json();
    expect(none.errno).not.toBe(0);
    await console.context().close();
  });

  test('id: a release manager sets a sale in the release console', async ({ browser, request }) => {
    const sale = idSale();
    const context = await browser.newContext();
    await preConsent(context);
    const page = await context.newPage();
    await page.goto(`/api/id/site/login?redirectUrl=${encodeURIComponent('/id/releases/console/')}`);
    await page.locator('input[name="email"]').fill(E2E_RELEASE_MANAGER_EMAIL);
    await page.locator('input[name="password"]').fill(E2E_RELEASE_MANAGER_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/id/releases/console/');
    const form = (await mounted(page, 'release-console')).getByTestId('console-flash-sales');
    const saleId = `release-${Date.now().toString(36)}`;
    const local = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
    await form.locator('input[name="saleId"]').fill(saleId);
    await form.locator('input[name="productId"]').fill(sale.productId);
    await form.locator('input[name="commodityIds"]').fill(sale.commodityIds[0]!);
    await form.locator('input[name="startsAt"]').fill(local(86_400_000));
    await form.locator('input[name="endsAt"]').fill(local(2 * 86_400_000));
    await form.locator('input[name="units"]').fill('40');
    await form.locator('input[name="salePrice"]').fill('7499000');
    await form.locator('input[name="perAccountLimit"]').fill('2');
    await form.getByRole('button').click();
    await expect(form.getByRole('status')).not.toBeEmpty();
    const read = await (await request.get(`/api/id/seckill/sale?saleId=${saleId}`, { headers: json })).json();
    expect(read.data).toMatchObject({ phase: 'upcoming', units: 40, per_account_limit: 2, sale_price: 7499000 });
    await context.close();
  });
});
