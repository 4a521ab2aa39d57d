import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_STAFF_EMAIL } from '../staff-password';
import { mounted, preConsent, signUp, staffConsole } from './helpers';

/**
 * A product /id sells in one version only and no other browser test buys, so its stock can go to zero here
 * without taking a product from them. Its name is found by a part of it, as an operator types it.
 */
const PRODUCT = {
  id: 'xiaomi-smart-dehumidifier-lite',
  name: 'Xiaomi Smart Dehumidifier Lite',
  commodityId: '10123',
  search: 'dehumidifier',
};
const json = { Accept: 'application/json' };

/** The live stock of the product's one version, as the product page's island reads it. */
async function liveStock(page: Page): Promise<number> {
  const body = await (await page.request.get(`/api/id/stock?productId=${PRODUCT.id}`, { headers: json })).json();
  expect(body.errno, JSON.stringify(body)).toBe(0);
  return (body.data.commodities as { commodity_id: string; stock: number }[]).find(
    (c) => c.commodity_id === PRODUCT.commodityId,
  )!.stock;
}

/** The inventory pane of a console page with the product found by part of its name: the pane and the product's row. */
async function findProduct(staff: Page): Promise<{ pane: Locator; row: Locator }> {
  const pane = staff.getByTestId('staff-inventory');
  await expect(pane).toBeVisible();
  // The storefront's own country is filled in.
  await expect(pane.getByLabel('Kode negara (mis. id, de)')).toHaveValue('id');
  await pane.getByLabel('Nama atau ID produk').fill(PRODUCT.search);
  await pane.getByLabel('Nama atau ID produk').press('Enter');
  const row = pane.getByTestId('staff-inventory-offers').locator(`tbody tr[data-commodity="${PRODUCT.commodityId}"]`);
  await expect(row.getByRole('rowheader')).toContainText(PRODUCT.name);
  return { pane, row };
}

const stockLine = (offer: Locator, stock: number) => offer.getByText(`Stok saat ini: ${stock}`, { exact: true });

test.describe('the support console’s inventory pane', () => {
  test('id: staff adjust stock with a note, a stale set is refused, the product sells out for shoppers', async ({
    page,
    context,
    browser,
  }) => {
    // Two operators and a shopper in three browsers on a loaded 2-core runner: 20–40 s.
    test.setTimeout(120_000);
    const start = await liveStock(page);
    expect(start).toBeGreaterThan(0);

    // The second operator opens the product first and keeps the page open: the stock they see goes stale.
    const second = await staffConsole(browser, 'inventory');
    const other = await findProduct(second);
    await expect(other.row.locator('td').first()).toHaveText(String(start));
    await other.row.getByRole('button', { name: 'Ubah stok', exact: true }).click();
    const otherOffer = other.pane.getByTestId('staff-inventory-offer');
    await expect(stockLine(otherOffer, start)).toBeVisible();

    // The first operator opens the console on another tab and switches to Inventory.
    const staff = await staffConsole(browser, 'chats');
    await staff.getByRole('tab', { name: 'Inventaris', exact: true }).click();
    await expect(staff.getByRole('tab', { name: 'Inventaris', exact: true })).toHaveAttribute('aria-selected', 'true');
    const { pane, row } = await findProduct(staff);
    await expect(row.locator('td').first()).toHaveText(String(start));
    await expect(row.locator('td').nth(1)).toHaveText('Dijual');

    // By keyboard only: the row's button opens the offer and the focus goes to it, then Tab walks the labelled form.
    const open = row.getByRole('button', { name: 'Ubah stok', exact: true });
    await open.focus();
    await staff.keyboard.press('Enter');
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const offer = pane.getByTestId('staff-inventory-offer');
    await expect(offer.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(offer.getByRole('heading', { level: 3 })).toContainText(PRODUCT.name);
    await expect(stockLine(offer, start)).toBeVisible();
    // Its last movements: the catalogue's starting stock is the oldest, by the store itself.
    const movements = offer.getByTestId('staff-inventory-movements');
    await expect(movements.locator('caption')).toHaveText('Pergerakan stok terakhir');
    const oldest = movements.locator('tbody tr').last();
    await expect(oldest).toHaveAttribute('data-reason', 'snapshot start');
    await expect(oldest).toContainText('Stok awal dari katalog');
    await expect(oldest).toContainText('Toko (otomatis)');

    await staff.keyboard.press('Tab');
    await expect(offer.getByRole('radio', { name: 'Tambah atau kurangi unit' })).toBeFocused();
    await expect(offer.getByRole('radio', { name: 'Tambah atau kurangi unit' })).toBeChecked();
    await staff.keyboard.press('Tab');
    const units = offer.getByLabel('Unit yang ditambahkan (negatif untuk mengurangi)');
    await expect(units).toBeFocused();
    await staff.keyboard.type('12');
    await staff.keyboard.press('Tab');
    const note = offer.getByLabel('Catatan: alasan stok berubah (wajib)');
    await expect(note).toBeFocused();
    const why = 'Retur 12 unit dari gudang Cikarang diterima';
    await staff.keyboard.type(why);
    await staff.keyboard.press('Tab');
    const save = offer.getByRole('button', { name: 'Simpan', exact: true });
    await expect(save).toBeFocused();
    await staff.keyboard.press('Enter');

    const adjusted = start + 12;
    await expect(pane.getByTestId('staff-inventory-notice')).toHaveText(`${PRODUCT.name}: stok sekarang ${adjusted}.`);
    await expect(stockLine(offer, adjusted)).toBeVisible();
    await expect(row.locator('td').first()).toHaveText(String(adjusted));
    const newest = movements.locator('tbody tr').first();
    await expect(newest).toHaveAttribute('data-reason', 'adjustment');
    await expect(newest.locator('td')).toHaveText([/./, 'Penyesuaian', '+12', String(adjusted), E2E_STAFF_EMAIL, why]);
    // The form is empty for the next change, and the keyboard user is still where they were.
    await expect(units).toHaveValue('');
    await expect(note).toHaveValue('');
    await expect(save).toBeFocused();
    expect(await liveStock(page)).toBe(adjusted);

    // The second operator, still showing the old stock, sets a count: refused, the message names the stock now.
    await otherOffer.getByRole('radio', { name: 'Tetapkan jumlah hasil hitungan' }).check();
    await otherOffer.getByLabel('Stok baru').fill('0');
    await otherOffer.getByLabel('Catatan: alasan stok berubah (wajib)').fill('Stok opname: rak kosong');
    await otherOffer.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(other.pane.getByTestId('staff-inventory-error')).toHaveText(
      `Orang lain telah mengubah stok ini sementara itu: sekarang ${adjusted}. Tidak ada yang disimpan; ` +
        `periksa nilai baru lalu coba lagi.`,
    );
    await expect(other.pane.getByTestId('staff-inventory-notice')).toHaveText('');
    // Nothing was overwritten, and the pane now shows the stock as it is, so the next try starts from it.
    expect(await liveStock(page)).toBe(adjusted);
    await expect(stockLine(otherOffer, adjusted)).toBeVisible();
    await expect(other.row.locator('td').first()).toHaveText(String(adjusted));
    await expect(otherOffer.locator('tbody tr[data-reason="set"]')).toHaveCount(0);
    await expect(otherOffer.locator('tbody tr').first()).toHaveAttribute('data-reason', 'adjustment');

    // Having seen the new value, they count again and save: now it is recorded, with its reason and note.
    await otherOffer.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(other.pane.getByTestId('staff-inventory-notice')).toHaveText(`${PRODUCT.name}: stok sekarang 0.`);
    await expect(other.pane.getByTestId('staff-inventory-error')).toHaveCount(0);
    await expect(stockLine(otherOffer, 0)).toBeVisible();
    await expect(otherOffer.locator('tbody tr').first().locator('td')).toHaveText([
      /./,
      'Dihitung dan ditetapkan',
      String(-adjusted),
      '0',
      E2E_STAFF_EMAIL,
      'Stok opname: rak kosong',
    ]);
    expect(await liveStock(page)).toBe(0);
    await staff.context().close();
    await second.context().close();

    // The product page was built with the product in stock; a fresh load shows the live stock: sold out, no buying.
    await preConsent(context);
    const built = await (await page.request.get(`/id/product/${PRODUCT.id}/`)).text();
    expect(built).not.toContain('class="product__stock"');
    const live = page.waitForResponse((r) => r.url().includes(`/api/id/stock?productId=${PRODUCT.id}`));
    await page.goto(`/id/product/${PRODUCT.id}/`);
    await mounted(page, 'add-to-cart');
    expect((await (await live).json()).data.commodities[0]).toMatchObject({
      commodity_id: PRODUCT.commodityId,
      stock: 0,
    });
    await expect(page.locator('[data-product-selection] .product__stock')).toHaveText('Stok habis');
    await expect(
      page.getByTestId('add-to-cart').getByRole('button', { name: 'Tambah ke keranjang', exact: true }),
    ).toBeDisabled();

    // A shopper who finds the console's address gets no inventory: the call is refused as staff only.
    await signUp(page, 'id', 'Penasaran');
    await page.goto('/id/support/console/?tab=inventory');
    await mounted(page, 'user-area');
    const shopperPane = page.getByTestId('staff-inventory');
    await shopperPane.getByLabel('Nama atau ID produk').fill(PRODUCT.search);
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/id/staff/inventory');
    await shopperPane.getByRole('button', { name: 'Cari', exact: true }).click();
    const answer = await refused;
    expect(answer.status()).toBe(403);
    expect((await answer.json()).errno).toBe(40302);
    await expect(shopperPane.getByTestId('staff-inventory-error')).toBeVisible();
    await expect(shopperPane.getByTestId('staff-inventory-offers')).toHaveCount(0);
    await expect(page.getByText(/Stok saat ini/)).toHaveCount(0);
    // Nor can they change the stock by calling the API themselves.
    const set = await page.request.post('/api/id/staff/inventory/set', {
      data: { local: 'id', commodity_id: PRODUCT.commodityId, expected_stock: 0, stock: 500, note: 'x' },
      headers: json,
    });
    expect(set.status()).toBe(403);
    expect((await set.json()).errno).toBe(40302);
    expect(await liveStock(page)).toBe(0);
  });
});
