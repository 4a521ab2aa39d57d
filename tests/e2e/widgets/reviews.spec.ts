import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { host, mounted, ownAddress, payByCard, preConsent, productInStock, signUp } from './helpers';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from '../staff-password';

const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
};
const json = { Accept: 'application/json' };
/** A 1×1 PNG: the shopper's photo of the product. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);

/** The seed reviews of the snapshot the build used. */
const seedReviews = (): { local: string; productId: string; score: number; text: string }[] =>
  JSON.parse(fs.readFileSync(path.resolve('content/snapshots/reviews/reviews.json'), 'utf8')).reviews;

/** The shopper buys through the storefront: add to cart on the product page, checkout, pay by card. */
async function buy(page: Page, productId: string): Promise<void> {
  expect(
    (await (await page.request.post('/api/id/address/save', { data: ownAddress(JAKARTA), headers: json })).json())
      .errno,
  ).toBe(0);
  await page.goto(`/id/product/${productId}/`);
  await mounted(page, 'add-to-cart');
  await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
  await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
  await page.goto('/id/checkout/');
  await mounted(page, 'checkout');
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-place').click();
  await payByCard(page, 'Budi Reviewer');
}

/** The seeded staff member signs in on the ordinary sign-in page and opens the console's reviews pane. */
async function staffReviews(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await preConsent(context);
  const page = await context.newPage();
  await page.goto(`/api/id/site/login?redirectUrl=${encodeURIComponent('/id/support/console/?tab=reviews')}`);
  await page.locator('input[name="email"]').fill(E2E_STAFF_EMAIL);
  await page.locator('input[name="password"]').fill(E2E_STAFF_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/id/support/console/');
  await mounted(page, 'user-area');
  await expect(page.getByTestId('console-reviews')).toBeVisible();
  return page;
}

/** The live reviews island of a product page, once its list has arrived. */
async function liveReviews(page: Page) {
  await mounted(page, 'reviews');
  const live = host(page, 'reviews').getByTestId('reviews-live');
  await expect(live).toBeVisible();
  return live;
}

test.describe('reviews', () => {
  test('id: a buyer reviews with a photo, staff publish it, it shows on the product page with likes', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    await preConsent(context);
    await signUp(page, 'id', 'Budi Reviewer');
    const productId = productInStock('id');
    await page.goto(`/id/product/${productId}/`);
    const before = Number(await (await liveReviews(page)).getAttribute('data-count'));
    // Not a buyer yet: no "write a review" link.
    await expect(page.getByTestId('review-write')).toHaveCount(0);

    await buy(page, productId);
    await page.goto(`/id/product/${productId}/`);
    await liveReviews(page);
    await page.getByTestId('review-write').click();
    await page.waitForURL((url) => url.pathname === '/id/comment/postreview/');
    await mounted(page, 'user-area');
    const form = page.getByTestId('review-post');
    await expect(form.locator(`input[name="productId"][value="${productId}"]`)).toBeChecked();
    // Rating required: the form says so before anything is sent.
    await form.locator('#review-text').fill('<b>Mantap</b> & awet, baterai tahan dua hari.');
    await form.locator('button[type="submit"]').click();
    await expect(form.getByRole('alert')).toHaveText('Silakan beri penilaian.');
    await form.locator('input[name="score"][value="4"]').check();
    await page
      .getByTestId('review-photos')
      .setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(form.getByRole('alert')).not.toBeEmpty();
    await page.getByTestId('review-photos').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('review-uploaded').locator('li')).toHaveCount(1);
    await form.locator('input[name="anonymous"]').check();
    await form.locator('button[type="submit"]').click();

    await page.waitForURL((url) => url.pathname === '/id/comment/detail/');
    await mounted(page, 'user-area');
    const detail = page.getByTestId('review-detail');
    await expect(detail.getByTestId('review-state')).toHaveText('Menunggu peninjauan');
    await expect(detail.getByTestId('review-author')).toHaveText('B***r');
    const reviewId = new URL(page.url()).searchParams.get('id')!;

    // Pending: not on the product page yet.
    await page.goto(`/id/product/${productId}/`);
    await expect(await liveReviews(page)).toHaveAttribute('data-count', String(before));
    await expect(page.locator(`[data-review-id="${reviewId}"]`)).toHaveCount(0);

    const staff = await staffReviews(browser);
    const waiting = staff.locator(`[data-review-id="${reviewId}"]`);
    await expect(waiting.getByTestId('review-text')).toHaveText('<b>Mantap</b> & awet, baterai tahan dua hari.');
    await waiting.getByTestId('review-publish').click();
    await expect(waiting).toHaveCount(0);

    await page.reload();
    const live = await liveReviews(page);
    await expect(live).toHaveAttribute('data-count', String(before + 1));
    const mine = live.locator(`[data-review-id="${reviewId}"]`);
    // The text is shown as text: the markup is visible, no element was made of it.
    await expect(mine.getByTestId('review-text')).toHaveText('<b>Mantap</b> & awet, baterai tahan dua hari.');
    await expect(mine.locator('.review__text b')).toHaveCount(0);
    await expect(mine.getByTestId('review-author')).toHaveText('B***r');
    await expect(mine.locator('[role="img"]')).toHaveAttribute('aria-label', '4 dari 5 bintang');
    const photo = mine.locator('.review__photos img');
    await expect(photo).toHaveAttribute('src', /^\/api\/id\/comment\/photo\/[0-9a-f-]{36}$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The buyer has reviewed: no second "write a review".
    await expect(page.getByTestId('review-write')).toHaveCount(0);

    const like = mine.getByTestId('review-like');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(mine.getByTestId('review-likes')).toHaveText('1');
    await like.click();
    await expect(mine.getByTestId('review-likes')).toHaveText('0');

    // The author was told, and the app's entry to the reviews area leads to their reviews.
    const inbox = (await (await page.request.get('/api/id/message/list?kind=review', { headers: json })).json()) as {
      data: { messages: { link: string | null }[] };
    };
    expect(inbox.data.messages.map((m) => m.link)).toContain(`/id/comment/detail/?id=${reviewId}`);
    await page.goto('/id/user/reviewsappredirect/');
    await page.waitForURL((url) => url.pathname === '/id/comment/myreview/');
    await mounted(page, 'user-area');
    await expect(
      page.getByTestId('my-reviews').locator(`[data-review-id="${reviewId}"]`).getByTestId('review-state'),
    ).toHaveText('Sudah ditinjau');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('id: the product page shows the snapshot reviews, their average and count, and AggregateRating', async ({
      page,
    }) => {
      const seeds = seedReviews().filter((r) => r.local === 'id');
      const productId = seeds[0]!.productId;
      const own = seeds.filter((r) => r.productId === productId);
      const average = Math.round((own.reduce((s, r) => s + r.score, 0) / own.length) * 10) / 10;
      await page.goto(`/id/product/${productId}/`);
      const reviews = page.getByTestId('reviews-static');
      await expect(reviews.getByTestId('reviews-count')).toHaveText(
        own.length === 1 ? '1 ulasan' : `${own.length} ulasan`,
      );
      await expect(reviews.getByTestId('reviews-average')).toHaveText(`${average} dari 5`);
      await expect(reviews.locator('.review')).toHaveCount(Math.min(own.length, 5));
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as { '@type': string; aggregateRating?: unknown },
      );
      expect(ld.find((j) => j['@type'] === 'Product')?.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: average,
        reviewCount: own.length,
        bestRating: 5,
        worstRating: 1,
      });
    });
  });
});
