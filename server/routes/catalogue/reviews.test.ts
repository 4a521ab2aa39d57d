import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
const JPG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe.each(drivers)('reviews (%s)', (driver) => {
  let server: TestServer;
  /** A product on sale in /id without seeded reviews, so counts and averages start at zero. */
  let item: { commodity_id: string; product_id: string; name: string };
  let staff: Awaited<ReturnType<typeof quickShopper>>;
  beforeAll(async () => {
    server = await startServer(driver);
    item = await commodity(
      server.db,
      `o.stock > 20 AND p.category <> 'gift-cards' AND p.id NOT IN (SELECT product_id FROM presale_campaigns)
        AND p.id NOT IN (SELECT product_id FROM fcodes)
       AND p.id NOT IN (SELECT product_id FROM reviews WHERE local = 'id')`,
    );
    staff = await staffMember(server);
  });
  afterAll(async () => server?.close());

  const upload = (c: Client, name: string, bytes: Buffer) =>
    c
      .fetch('/api/id/aftersales/upload', {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': name, accept: 'application/json' },
      })
      .then(async (r) => (await r.json()).data.upload.id as string);
  const post = (c: Client, body: Record<string, unknown>) =>
    c.call('/api/id/comment/postreview', { method: 'POST', json: body });
  const moderate = (
    id: string,
    decision: 'publish' | 'reject',
    part: 'review' | 'addition' = 'review',
    c = staff.client,
  ) => c.call('/api/id/staff/reviews/moderate', { method: 'POST', json: { id, decision, part } });
  const list = (c: Client = new Client(server.base), productId = item.product_id) =>
    c.call(`/api/id/comment/list?product_id=${productId}`).then((r) => r.body.data);

  /** A shopper with a paid order of the test product, under the nickname given. */
  async function buyer(nickname = 'Quick') {
    const s = await quickShopper(server);
    await server.db.query(`UPDATE users SET nickname = $2 WHERE id = $1`, [s.userId, nickname]);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, item.commodity_id);
    const orderId = (
      await s.client.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true } })
    ).body.data.order_id;
    expect(
      (await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } })).body.data.state,
    ).toBe('succeeded');
    return s;
  }

  it('only a buyer reviews; rating required, text ≤ 2000 characters, ≤ 5 photos; bad input gets an errno', async () => {
    expect((await post(new Client(server.base), { productId: item.product_id, score: 5 })).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    const stranger = await quickShopper(server);
    expect(
      (await post(stranger.client, { productId: item.product_id, score: 5, text: 'Never bought it' })).body.errno,
    ).toBe(Errno.REVIEW_NOT_BOUGHT);
    expect(
      (await stranger.client.call(`/api/id/comment/eligible?product_id=${item.product_id}`)).body.data,
    ).toMatchObject({ bought: false, can_review: false });

    const b = await buyer();
    expect((await b.client.call(`/api/id/comment/eligible?product_id=${item.product_id}`)).body.data).toMatchObject({
      bought: true,
      can_review: true,
      review: null,
    });
    expect(
      (await b.client.call('/api/id/comment/products')).body.data.products.map((p: any) => p.product_id),
    ).toContain(item.product_id);
    const noRating = await post(b.client, { productId: item.product_id, text: 'Great phone' });
    expect(noRating.status).toBe(400);
    expect(noRating.body).toMatchObject({
      data: { fields: { score: 'required' } },
      errno: Errno.REVIEW_INVALID,
      errmsg: 'Silakan beri penilaian.',
    });
    expect((await post(b.client, { productId: item.product_id, score: 0 })).body.data.fields).toEqual({
      score: 'required',
    });
    expect(
      (await post(b.client, { productId: item.product_id, score: 4, text: 'x'.repeat(2001) })).body.data.fields,
    ).toEqual({ text: 'length' });
    const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(b.client, `p${i}.png`, PNG)));
    expect(
      (await post(b.client, { productId: item.product_id, score: 4, uploadIds: photos })).body.data.fields,
    ).toEqual({ uploadIds: 'tooMany' });
    // Schema errors are the envelope too, never a 5xx.
    for (const bad of [
      { productId: item.product_id, score: 9 },
      { productId: '../etc', score: 3 },
      { productId: item.product_id, score: 'five' },
      { score: 3 },
    ]) {
      const r = await post(b.client, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.errno).not.toBe(0);
      expect(r.body.data).toBeNull();
    }
    expect((await new Client(server.base).call('/api/id/comment/list?product_id=Bad%20Id')).body.errno).toBe(
      Errno.INVALID_PARAM,
    );

    // Exactly 2000 characters (counted as characters, not bytes) and 5 photos pass.
    const text = 'é'.repeat(1990) + '👍'.repeat(10);
    const made = await post(b.client, { productId: item.product_id, score: 4, text, uploadIds: photos.slice(0, 5) });
    expect(made.body.errno).toBe(0);
    expect(made.body.data.review).toMatchObject({
      state: 'pending',
      score: 4,
      text,
      author: 'Quick',
      anonymous: false,
      mine: true,
    });
    expect(made.body.data.review.photos).toHaveLength(5);
    expect((await post(b.client, { productId: item.product_id, score: 5 })).body.errno).toBe(
      Errno.REVIEW_ALREADY_POSTED,
    );
    expect((await b.client.call(`/api/id/comment/eligible?product_id=${item.product_id}`)).body.data).toMatchObject({
      can_review: false,
      review: { state: 'pending' },
    });
    expect(
      (await b.client.call('/api/id/comment/products')).body.data.products.map((p: any) => p.product_id),
    ).not.toContain(item.product_id);
  });

  it("refuses others' uploads, used ones, pdfs as photos; pending for author and staff; not pruned", async () => {
    const b = await buyer();
    const other = await quickShopper(server);
    const theirs = await upload(other.client, 'theirs.png', PNG);
    expect((await post(b.client, { productId: item.product_id, score: 5, uploadIds: [theirs] })).body.errno).toBe(
      Errno.REVIEW_PHOTOS_REFUSED,
    );
    const pdf = await upload(b.client, 'receipt.pdf', PDF);
    expect((await post(b.client, { productId: item.product_id, score: 5, uploadIds: [pdf] })).body.errno).toBe(
      Errno.REVIEW_PHOTOS_REFUSED,
    );
    expect((await post(b.client, { productId: item.product_id, score: 5, uploadIds: ['not-a-uuid'] })).body.errno).toBe(
      Errno.REVIEW_PHOTOS_REFUSED,
    );
    // Nothing half-written: the refused attempts left no review.
    expect((await b.client.call('/api/id/comment/myreview')).body.data.reviews).toEqual([]);

    const jpg = await upload(b.client, 'photo.jpg', JPG);
    const review = (
      await post(b.client, { productId: item.product_id, score: 5, text: 'Photo attached', uploadIds: [jpg] })
    ).body.data.review;
    const url = review.photos[0].url as string;
    expect(url).toBe(`/api/id/comment/photo/${jpg}`);
    // An attached photo cannot be used again, by a review or by an after-sales request, nor deleted as pending.
    const b2 = await buyer();
    expect((await post(b2.client, { productId: item.product_id, score: 5, uploadIds: [jpg] })).body.errno).toBe(
      Errno.REVIEW_PHOTOS_REFUSED,
    );
    expect(
      (await b.client.call('/api/id/aftersales/upload/delete', { method: 'POST', json: { id: jpg } })).status,
    ).toBe(404);

    expect((await new Client(server.base).fetch(url)).status).toBe(404);
    expect((await other.client.fetch(url)).status).toBe(404);
    const own = await b.client.fetch(url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toContain('private');
    expect((await staff.client.fetch(url)).status).toBe(200);

    await server.db.query(`UPDATE uploads SET created_at = now() - interval '2 days' WHERE id = $1`, [jpg]);
    await server.app.repos.aftersales.pruneUploads();
    expect(await server.db.query(`SELECT id FROM uploads WHERE id = $1`, [jpg])).toHaveLength(1);

    expect((await moderate(review.id, 'publish')).body.errno).toBe(0);
    const open = await new Client(server.base).fetch(url);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/jpeg');
    expect(open.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await open.arrayBuffer()).equals(JPG)).toBe(true);
  });

  it('hides the full name of an anonymous review (B***i), for everyone, in every answer', async () => {
    const b = await buyer('Budi');
    const made = (
      await post(b.client, { productId: item.product_id, score: 3, text: 'Anonymous please', anonymous: true })
    ).body.data.review;
    expect(made.author).toBe('B***i');
    expect((await moderate(made.id, 'publish')).body.errno).toBe(0);
    const shown = (await list()).reviews.find((r: any) => r.id === made.id);
    expect(shown).toMatchObject({ author: 'B***i', anonymous: true });
    const detail = await new Client(server.base).fetch(`/api/id/comment/detail?id=${made.id}`);
    expect(await detail.text()).not.toContain('Budi');
    const named = await buyer('Siti Rahma');
    expect(
      (await post(named.client, { productId: item.product_id, score: 5, anonymous: false })).body.data.review.author,
    ).toBe('Siti Rahma');
  });

  it('staff publish or reject (shoppers 403); author told; only published count; rejected may retry', async () => {
    const before = (await list()).summary;
    const a = await buyer();
    const b = await buyer();
    const ra = (await post(a.client, { productId: item.product_id, score: 5, text: 'Five stars' })).body.data.review;
    const rb = (await post(b.client, { productId: item.product_id, score: 2, text: 'Two stars' })).body.data.review;
    // Pending: not listed, not counted, not readable by others.
    expect((await list()).summary).toEqual(before);
    expect((await new Client(server.base).call(`/api/id/comment/detail?id=${ra.id}`)).body.errno).toBe(
      Errno.REVIEW_NOT_FOUND,
    );
    expect((await b.client.call(`/api/id/comment/detail?id=${ra.id}`)).status).toBe(404);
    expect((await a.client.call(`/api/id/comment/detail?id=${ra.id}`)).body.data.review.state).toBe('pending');

    const shopper = await quickShopper(server);
    const refused = await moderate(ra.id, 'publish', 'review', shopper.client);
    expect(refused.status).toBe(403);
    expect(refused.body.errno).toBe(Errno.STAFF_ONLY);
    expect((await shopper.client.call('/api/id/staff/reviews')).status).toBe(403);
    expect((await new Client(server.base).call('/api/id/staff/reviews')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const waiting = (await staff.client.call('/api/id/staff/reviews')).body.data.reviews.map((r: any) => r.id);
    expect(waiting).toEqual(expect.arrayContaining([ra.id, rb.id]));

    expect((await moderate(ra.id, 'publish')).body.errno).toBe(0);
    expect((await moderate(ra.id, 'reject')).body.errno).toBe(Errno.REVIEW_STATE);
    expect((await moderate(rb.id, 'reject')).body.errno).toBe(0);
    expect((await moderate('999999999', 'publish')).body.errno).toBe(Errno.REVIEW_NOT_FOUND);

    const after = await list();
    expect(after.summary.count).toBe(before.count + 1);
    const expectedAverage = Math.round(((before.average * before.count + 5) / (before.count + 1)) * 10) / 10;
    expect(after.summary.average).toBeCloseTo(expectedAverage, 1);
    expect(after.reviews[0]).toMatchObject({ id: ra.id, state: 'reviewed', text: 'Five stars' });
    expect(after.reviews.map((r: any) => r.id)).not.toContain(rb.id);
    expect((await new Client(server.base).call(`/api/id/comment/detail?id=${ra.id}`)).body.data.review.state_note).toBe(
      '',
    );

    const inbox = async (userId: number) =>
      server.db.query<{ kind: string; link: string }>(
        `SELECT kind, link FROM messages WHERE user_id = $1 AND kind = 'review'`,
        [userId],
      );
    expect(await inbox(a.userId)).toEqual([{ kind: 'review', link: `/id/comment/detail/?id=${ra.id}` }]);
    expect(await inbox(b.userId)).toEqual([{ kind: 'review', link: '/id/comment/myreview/' }]);
    const mine = (await b.client.call('/api/id/comment/myreview')).body.data.reviews;
    expect(mine.map((r: any) => [r.id, r.state])).toEqual([[rb.id, 'rejected']]);
    // A rejected review does not block a new one.
    expect(
      (await post(b.client, { productId: item.product_id, score: 3, text: 'Second try' })).body.data.review.state,
    ).toBe('pending');
  });

  it('counts and averages only published reviews, per product and country', async () => {
    const scores = [5, 4, 4, 1];
    const start = (await list()).summary;
    const ids: string[] = [];
    for (const score of scores) {
      const b = await buyer();
      ids.push((await post(b.client, { productId: item.product_id, score })).body.data.review.id);
    }
    for (const id of ids) expect((await moderate(id, 'publish')).body.errno).toBe(0);
    const sums = await server.db.query<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, sum(score)::int AS total FROM reviews WHERE local = 'id' AND product_id = $1
        AND state = 'reviewed'`,
      [item.product_id],
    );
    const end = (await list()).summary;
    expect(end.count).toBe(start.count + scores.length);
    expect(end.count).toBe(sums[0]!.n);
    expect(end.average).toBe(Math.round((sums[0]!.total / sums[0]!.n) * 10) / 10);
    expect(end.distribution.reduce((a: number, b: number) => a + b, 0)).toBe(end.count);
    // Another country's page of the same product does not count them.
    expect(
      (await new Client(server.base).call(`/api/de/comment/list?product_id=${item.product_id}`)).body.data.reviews.map(
        (r: any) => r.id,
      ),
    ).not.toContain(ids[0]);
    // Seeded reviews of the snapshot are published reviews of their product.
    const seeded = await server.db.query<{ product_id: string }>(
      `SELECT product_id FROM reviews WHERE seed_id IS NOT NULL AND local = 'id' LIMIT 1`,
    );
    expect((await list(new Client(server.base), seeded[0]!.product_id)).summary.count).toBeGreaterThan(0);
  });

  it('one additional review on your own review, moderated; another user cannot add to it', async () => {
    const b = await buyer();
    const review = (await post(b.client, { productId: item.product_id, score: 4, text: 'First impressions' })).body.data
      .review;
    const add = (c: Client, body: Record<string, unknown>) =>
      c.call('/api/id/comment/postadditionreview', { method: 'POST', json: body });
    const stranger = await buyer();
    expect((await add(stranger.client, { reviewId: review.id, text: 'Not mine' })).body.errno).toBe(
      Errno.REVIEW_NOT_FOUND,
    );
    expect((await add(b.client, { reviewId: review.id, text: '   ' })).body).toMatchObject({
      errno: Errno.REVIEW_INVALID,
      data: { fields: { text: 'required' } },
    });
    expect((await add(b.client, { reviewId: review.id, text: 'y'.repeat(2001) })).body.data.fields).toEqual({
      text: 'length',
    });
    const added = await add(b.client, { reviewId: review.id, text: 'After a month: still great' });
    expect(added.body.data.review.addition).toMatchObject({ text: 'After a month: still great', state: 'pending' });
    expect((await add(b.client, { reviewId: review.id, text: 'Again' })).body.errno).toBe(Errno.REVIEW_ADDITION_EXISTS);

    // The addition waits for its review; then it is moderated on its own.
    expect((await moderate(review.id, 'publish', 'addition')).body.errno).toBe(Errno.REVIEW_STATE);
    expect((await moderate(review.id, 'publish')).body.errno).toBe(0);
    const publicView = async () =>
      (await new Client(server.base).call(`/api/id/comment/detail?id=${review.id}`)).body.data.review;
    expect((await publicView()).addition).toBeNull();
    expect((await staff.client.call('/api/id/staff/reviews')).body.data.reviews.map((r: any) => r.id)).toContain(
      review.id,
    );
    expect((await moderate(review.id, 'publish', 'addition')).body.errno).toBe(0);
    expect((await publicView()).addition).toMatchObject({ text: 'After a month: still great', state: 'reviewed' });
  });

  it('likes toggle, one per user, and stay consistent under parallel toggles', async () => {
    const b = await buyer();
    const review = (await post(b.client, { productId: item.product_id, score: 5, text: 'Like me' })).body.data.review;
    const like = (c: Client) => c.call('/api/id/comment/like', { method: 'POST', json: { reviewId: review.id } });
    const fan = await quickShopper(server);
    expect((await like(fan.client)).body.errno).toBe(Errno.REVIEW_NOT_FOUND); // pending reviews cannot be liked
    expect((await moderate(review.id, 'publish')).body.errno).toBe(0);
    expect((await like(new Client(server.base))).body.errno).toBe(Errno.NOT_LOGGED_IN);

    expect((await like(fan.client)).body.data).toEqual({ liked: true, likes: 1 });
    expect((await like(fan.client)).body.data).toEqual({ liked: false, likes: 0 });

    const fans = await Promise.all(Array.from({ length: 12 }, () => quickShopper(server)));
    const answers = await Promise.all(fans.map((f) => like(f.client)));
    expect(answers.every((a) => a.body.errno === 0 && a.body.data.liked)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.likes))).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => i + 1)),
    );
    // One user toggling 7 times at once ends liked (odd), counted once.
    const toggles = await Promise.all(Array.from({ length: 7 }, () => like(fan.client)));
    expect(toggles.filter((a) => a.body.data.liked)).toHaveLength(4);
    const stored = await server.db.query<{ likes: number; rows: number }>(
      `SELECT likes, (SELECT count(*)::int FROM review_likes WHERE review_id = r.id) AS rows FROM reviews r
        WHERE id = $1`,
      [review.id],
    );
    expect(stored[0]).toEqual({ likes: 13, rows: 13 });
    const seen = (await list(fan.client)).reviews.find((r: any) => r.id === review.id);
    expect(seen).toMatchObject({ likes: 13, liked: true });
    expect((await list()).reviews.find((r: any) => r.id === review.id).liked).toBe(false);
  });

  it('keeps text as text: markup is returned verbatim in JSON, never as HTML', async () => {
    const b = await buyer();
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';
    const review = (await post(b.client, { productId: item.product_id, score: 1, text })).body.data.review;
    expect((await moderate(review.id, 'publish')).body.errno).toBe(0);
    const res = await new Client(server.base).fetch(`/api/id/comment/detail?id=${review.id}`);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body.data.review.text).toBe(text);
    const page = await new Client(server.base).fetch(`/api/id/comment/list?product_id=${item.product_id}`);
    expect(page.headers.get('content-type')).toContain('application/json');
  });
});
