/** Steps shared by the browser tests of the store's life after the sale (after-sale.spec.ts). */
import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { commodityInStock, mounted, ownAddress } from './helpers';
import { E2E_OPS_TOKEN } from '../ops-token';

export const json = { Accept: 'application/json' };
const ops = { ...json, authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** A Jakarta address of the test's own. */
export const jakarta = () =>
  ownAddress({
    recipient: 'Budi Santoso',
    phone: '081234567890',
    street: 'Jl. Jend. Sudirman 52',
    city: 'Jakarta Selatan',
    state: 'DKI Jakarta',
    postalCode: '12190',
  });

/** A Berlin address of the test's own. */
export const berlin = () =>
  ownAddress({
    recipient: 'Erika Mustermann',
    phone: '030-1234567',
    street: 'Unter den Linden',
    houseNumber: '1',
    city: 'Berlin',
    postalCode: '10117',
  });

/** Stores the signed-in shopper's delivery address through the API (the address form has its own tests). */
export async function saveAddress(page: Page, urlLocal: string, address: Record<string, string>): Promise<void> {
  const r = await page.request.post(`/api/${urlLocal}/address/save`, { data: address, headers: json });
  expect((await r.json()).errno, await r.text()).toBe(0);
}

/** A gift card issued by an operator, as the store's operations team does; its code. */
export async function issueGiftCard(page: Page, local: string, amount: number): Promise<string> {
  const r = await page.request.post('/api/ops/giftcards/issue', { data: { local, amount }, headers: ops });
  const body = await r.json();
  expect(body.errno, JSON.stringify(body)).toBe(0);
  return body.data.code as string;
}

/**
 * An order of one commodity placed by the signed-in shopper through the API (the checkout has its own tests) and left
 * unpaid; its id. The shopper has an address saved.
 */
export async function placedOrder(page: Page, urlLocal: string, commodityId: string): Promise<string> {
  const added = await (
    await page.request.post(`/api/${urlLocal}/cart`, {
      data: { action: 'add', commodityId, quantity: 1 },
      headers: json,
    })
  ).json();
  expect(added.errno, JSON.stringify(added)).toBe(0);
  const list = await (await page.request.get(`/api/${urlLocal}/address/list`, { headers: json })).json();
  const addressId = list.data.addresses[0].id as string;
  const placed = await (
    await page.request.post(`/api/${urlLocal}/order/place`, { data: { addressId, agreePrivacy: true }, headers: json })
  ).json();
  expect(placed.errno, JSON.stringify(placed)).toBe(0);
  return placed.data.order_id as string;
}

/**
 * An order of one product placed by the signed-in shopper through the API and paid by card (the checkout and the card
 * page have their own tests); its id.
 */
export async function paidOrder(page: Page, urlLocal: string, local: string): Promise<string> {
  const orderId = await placedOrder(page, urlLocal, commodityInStock(local));
  const paid = await (
    await page.request.post(`/api/${urlLocal}/payment/card`, {
      data: { orderId, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Test Shopper' },
      headers: json,
    })
  ).json();
  expect(paid.data?.state, JSON.stringify(paid)).toBe('succeeded');
  return orderId;
}

/** Opens the shopper's order page and waits for its island. */
export async function openOrder(page: Page, urlLocal: string, orderId: string): Promise<Locator> {
  await page.goto(`/${urlLocal}/user/order/${orderId}/`);
  await mounted(page, 'user-area');
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible();
  return detail;
}

/**
 * Reloads the order page until its invoice is listed: the invoice job runs at start and every minute, so an invoice
 * comes within about a minute of the payment. Answers the invoice's entry.
 */
export async function waitForInvoice(page: Page, urlLocal: string, orderId: string): Promise<Locator> {
  const entry = page.getByTestId('order-invoices').locator('li[data-kind="invoice"]');
  await expect(async () => {
    await openOrder(page, urlLocal, orderId);
    await expect(page.getByTestId('order-invoices')).toBeVisible();
    await expect(entry).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 75_000, intervals: [3_000] });
  return entry;
}

/** The amount in a text as the page shows it, in minor units (Rp250.000 → 250000; 1.004,99 € → 100499). */
export const digits = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

/** The text of a PDF file, its pages joined and white space collapsed (the way the invoice tests read PDFs). */
export async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A 1×1 PNG made in the test: the photo of the returned phone. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
