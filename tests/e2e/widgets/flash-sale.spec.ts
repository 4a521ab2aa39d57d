import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { layoutShifts, mounted, ownAddress, payByCard, preConsent, signUp, watchLayoutShifts } from './helpers';
import { E2E_OPS_TOKEN } from '../ops-token';
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
});
