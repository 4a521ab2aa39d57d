import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';
import { tiersOf, tierUnitPrice } from '../../../sites/business-pricing';

type Marked = { text: string; marks: [number, number][]; html: string };
type Item = {
  type: string;
  id: string;
  link: string;
  title: Marked;
  snippet: Marked;
  price?: number;
  currency?: string;
  support_kind?: string;
  map_url?: string;
  city?: string;
};
type Group = { type: string; total: number; items: Item[] };

/** The text inside the <mark> elements of an escaped snippet. */
const marked = (m: Marked) => m.marks.map(([s, e]) => m.text.slice(s, e));

describe.each(drivers)('run-time search (%s)', (driver) => {
  let server: TestServer;
  let c: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    c = new Client(server.base);
  });
  afterAll(async () => server?.close());

  const search = async (urlLocal: string, query: string) =>
    c.call<{ keyword: string; types: string[]; results: Group[] }>(`/api/${urlLocal}/search?${query}`);
  const group = (results: Group[], type: string) => results.find((g) => g.type === type)!;

  it('finds the products of a key no page was built for, only those, with the match marked', async () => {
    const r = await search('id', 'keyword=watch&type=product');
    expect(r.status).toBe(200);
    expect(r.body.errno).toBe(0);
    const products = group(r.body.data.results, 'product');
    expect(products.total).toBeGreaterThan(0);
    // Every hit is a watch, and not the whole catalogue.
    const offered = (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM offered_product_cards WHERE local = 'id' AND category <> 'gift-cards'`,
      )
    )[0]!.n;
    expect(products.total).toBeLessThan(offered);
    for (const item of products.items) {
      expect(item.type).toBe('product');
      expect(item.link).toBe(`/id/product/${item.id}/`);
      expect(item.currency).toBe('IDR');
      expect(`${item.title.text} ${item.snippet.text}`.toLowerCase()).toMatch(/watch/);
    }
    const first = products.items[0]!;
    expect(marked(first.title).map((s) => s.toLowerCase())).toContain('watch');
    expect(first.title.html).toMatch(/<mark>Watch<\/mark>/);
  });

  it('tolerates typos: a missing, swapped or wrong letter still finds the product', async () => {
    for (const typo of ['redmu', 'xiomi', 'scooetr', 'purifer', 'powerbank']) {
      const r = await search('id', `keyword=${typo}&type=product`);
      const items = group(r.body.data.results, 'product').items;
      expect(items.length, typo).toBeGreaterThan(0);
    }
    const r = await search('id', 'keyword=scooetr&type=product');
    const top = group(r.body.data.results, 'product').items[0]!;
    expect(top.title.text).toMatch(/Scooter/);
    expect(marked(top.title)).toContain('Scooter');
  });

  it('says nothing matched for nonsense, and finds support articles and FAQ by their words', async () => {
    const none = await search('id', 'keyword=qqxyzzy%20wobble');
    expect(none.body.errno).toBe(0);
    for (const g of none.body.data.results) expect(g).toMatchObject({ total: 0, items: [] });

    const battery = await search('id', 'keyword=baterai&type=support');
    const support = group(battery.body.data.results, 'support');
    expect(support.total).toBeGreaterThan(0);
    const articles = (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_content`))[0]!.n;
    expect(support.total).toBeLessThan(articles);
    const top = support.items[0]!;
    expect(top.link).toMatch(/^\/id\/support\/(article|faq\/details)\/\d+\/$/);
    expect(`${top.title.html} ${top.snippet.html}`).toMatch(/<mark>[Bb]aterai<\/mark>/);
    // English words find the translated article too (the English text is searched behind the translation).
    const english = await search('id', 'keyword=battery&type=support');
    expect(group(english.body.data.results, 'support').items.map((i) => i.id)).toContain(top.id);
  });

  it('escapes what it shows: a key with markup is text, and only <mark> is markup', async () => {
    const script = '<script>alert(1)</script>';
    const harmless = await search('id', `keyword=${encodeURIComponent(script)}`);
    expect(harmless.body.errno).toBe(0);
    expect(harmless.body.data.keyword).toBe(script);
    for (const g of harmless.body.data.results) expect(g.total).toBe(0);
    const key = '<b>redmi</b>';
    const r = await search('id', `keyword=${encodeURIComponent(key)}&type=product`);
    expect(r.body.data.keyword).toBe(key);
    const items = group(r.body.data.results, 'product').items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      for (const m of [item.title, item.snippet]) {
        expect(m.html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
        expect(m.html).not.toMatch(/<script/i);
      }
    }
    // Content with characters that need escaping is escaped too.
    const plus = await search('id', 'keyword=pro%2B&type=product');
    const withPlus = group(plus.body.data.results, 'product').items.find((i) => i.title.text.includes('+'));
    expect(withPlus?.title.html).toContain('+');
    const amp = await c.call('/api/id/v2/search/suggestList?keyword=%3Cb%3Eredmi');
    expect(amp.body.data.list.length).toBeGreaterThan(0);
    for (const s of amp.body.data.list) expect(s.name_html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('searches per country: prices in its currency, its stores only, and only the search types it offers', async () => {
    const de = await search('de', 'keyword=xiaomi%2015&type=product');
    const deItems = group(de.body.data.results, 'product').items;
    expect(deItems.length).toBeGreaterThan(0);
    expect(new Set(deItems.map((i) => i.currency))).toEqual(new Set(['EUR']));

    const stores = await search('de', 'keyword=berlin&type=store');
    const store = group(stores.body.data.results, 'store').items[0]!;
    expect(store).toMatchObject({ type: 'store', city: 'Berlin', link: `/de/store/xiaomi-store/detail/${store.id}/` });
    expect(store.map_url).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    expect(marked(store.snippet)).toContain('Berlin');
    // A Berlin store is not an Indonesian one.
    const idStores = await search('id', 'keyword=berlin&type=store');
    expect(group(idStores.body.data.results, 'store').total).toBe(0);
    const jakarta = await search('id', 'keyword=jakarta&type=store');
    expect(group(jakarta.body.data.results, 'store').total).toBeGreaterThan(1);

    expect((await search('de', 'keyword=redmi')).body.data.types).toEqual(['product', 'store', 'support']);
    const ae = await search('ae-en', 'keyword=redmi');
    expect(ae.body.data.types).toEqual(['product']);
    expect(ae.body.data.results.map((g) => g.type)).toEqual(['product']);
    const refused = await search('ae-en', 'keyword=dubai&type=store');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: null, errno: Errno.INVALID_PARAM });
  });

  it('answers bad input with the envelope and a non-zero errno', async () => {
    for (const query of [
      '',
      'keyword=',
      'keyword=%20%20',
      'keyword=%21%21%21',
      `keyword=${'a'.repeat(101)}`,
      'keyword=redmi&type=everything',
      'keyword=redmi&limit=0',
      'keyword=redmi&limit=abc',
    ]) {
      const r = await search('id', query);
      expect(r.status, query).toBe(400);
      expect(r.body.errno, query).not.toBe(0);
      expect(r.body.data, query).toBeNull();
      expect(typeof r.body.errmsg).toBe('string');
    }
    const unknownStorefront = await search('zz-zz', 'keyword=redmi');
    expect(unknownStorefront.status).toBe(404);
    expect(unknownStorefront.body.errno).toBe(Errno.NOT_FOUND);
  });

  it('suggests from the index: ranked prefix matches with the typed part marked', async () => {
    const r = await c.call('/api/id/v2/search/suggestList?keyword=redm&limit=5');
    expect(r.body.errno).toBe(0);
    expect(r.body.data.list.length).toBe(5);
    for (const s of r.body.data.list) {
      expect(s.name).toMatch(/^Redmi/);
      expect(s.name_html).toMatch(/^<mark>Redm<\/mark>i/);
      expect(s.currency).toBe('IDR');
    }
  });

  it('compares products of a category side by side with prices here and specs in the storefront language', async () => {
    const phones = await server.db.query<{ product_id: string }>(
      `SELECT product_id FROM offered_product_cards WHERE local = 'id' AND category = 'phones' ORDER BY rank LIMIT 3`,
    );
    const ids = phones.map((p) => p.product_id);
    const r = await c.call(`/api/id/compare?ids=${ids.join(',')},no-such-phone`);
    expect(r.body.errno).toBe(0);
    expect(r.body.data.products.map((p: { id: string }) => p.id)).toEqual(ids);
    expect(r.body.data.missing).toEqual(['no-such-phone']);
    expect(r.body.data.products[0]).toMatchObject({ currency: 'IDR', category: 'phones' });
    expect(r.body.data.products[0].specs.map((s: { label: string }) => s.label)).toContain('Layar');
    const tv = (
      await server.db.query<{ product_id: string }>(
        `SELECT product_id FROM offered_product_cards WHERE local = 'id' AND category = 'tvs' LIMIT 1`,
      )
    )[0]!.product_id;
    const mixed = await c.call(`/api/id/compare?ids=${ids[0]},${tv}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.errno).toBe(Errno.INVALID_PARAM);
    const tooMany = await c.call(`/api/id/compare?ids=a,b,c,d,e`);
    expect(tooMany.body.errno).toBe(Errno.INVALID_PARAM);
    const bad = await c.call(`/api/id/compare?ids=${encodeURIComponent('<x>')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errno).not.toBe(0);
  });
  it('the business search finds products, never gift cards, each with tier prices from the one tier rule', async () => {
    const r = await search('in', 'keyword=redmi&flow=company');
    expect(r.body.errno).toBe(0);
    expect(r.body.data.types).toEqual(['product']);
    const products = group(r.body.data.results, 'product');
    expect(products.total).toBeGreaterThan(0);
    for (const item of products.items as (Item & {
      category: string;
      business_tiers: { min_quantity: number; discount_bp: number; price: number }[];
    })[]) {
      const minor = Math.round(item.price! * 100);
      expect(item.business_tiers).toEqual(
        tiersOf(item.category).map((t) => ({
          min_quantity: t.minQuantity,
          discount_bp: t.discountBp,
          price: tierUnitPrice(minor, t.discountBp) / 100,
        })),
      );
    }
    // The consumer search has no tiers; gift cards are out of the business catalogue.
    expect(
      (
        group((await search('in', 'keyword=redmi&type=product')).body.data.results, 'product').items[0] as Record<
          string,
          unknown
        >
      )['business_tiers'],
    ).toBeUndefined();
    const gifts = group((await search('id', 'keyword=gift%20card&flow=company')).body.data.results, 'product');
    for (const item of gifts.items as unknown as { category: string }[]) expect(item.category).not.toBe('gift-cards');
    expect((await search('in', 'keyword=redmi&flow=enterprise')).body.errno).not.toBe(0);
  });
});
