/**
 * The search indexes of every storefront, in memory. The corpus (products with each country's lead offer, support
 * articles and FAQ, stores, category names) is read from the database once and again whenever the seed's hash in
 * seed_state changes (checked in the background at most every few seconds, so another process's reseed is seen
 * too); each storefront's index (its country's offers, its language's texts) is built from the corpus on first use.
 * A query then touches no database at all, which keeps suggest and search fast.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/types';
import { localize } from '../../content/localize';
import type { Localized } from '../../content/schemas/common.schema';
import type { Category } from '../../content/schemas/categories.schema';
import type { Store } from '../../content/schemas/stores.schema';
import { contentPaths } from '../../content/load';
import { GIFT_CARD_CATEGORY } from '../../sites/gift-cards';
import { defaultContentDir } from '../db/seed-source';
import { DocIndex, type DocSpec, type SearchType } from './engine';

export interface ProductPayload {
  type: 'product';
  id: string;
  commodityId: string;
  image: string;
  category: string;
  subCategory: string;
  price: number;
  marketPrice: number;
  currency: string;
  inStock: boolean;
}
export interface StorePayload {
  type: 'store';
  id: string;
  kind: Store['kind'];
  city: string;
  address: string;
  latitude: number;
  longitude: number;
}
export interface SupportPayload {
  type: 'support';
  kind: 'article' | 'faq';
  id: string;
  category: string;
}
export type Payload = ProductPayload | StorePayload | SupportPayload;

/** One storefront's indexes, by search type. */
export interface StorefrontIndex {
  product: DocIndex<ProductPayload>;
  /** Products by name and category only: what the header's suggestions match as the shopper types. */
  suggest: DocIndex<ProductPayload>;
  store: DocIndex<StorePayload>;
  support: DocIndex<SupportPayload>;
}

interface OfferRow {
  local: string;
  product_id: string;
  name: string;
  image: string;
  category: string;
  sub_category: string;
  rank: number;
  commodity_id: string;
  currency: string;
  sale_price: number;
  market_price: number;
  stock: number;
}

interface Corpus {
  hash: string;
  offers: Map<string, OfferRow[]>; // by country
  products: Map<
    string,
    { tagline?: Localized; description?: Localized; specs?: { label: Localized; value: string }[] }
  >;
  support: { kind: string; id: string; data: Record<string, unknown> }[];
  stores: Map<string, Store[]>; // by country
  categories: Category[];
}

/** How often a running process looks whether the seed changed (another process, a new deploy on one database). */
const RECHECK_MS = 5_000;

const catalogs = new WeakMap<Queryable, SearchCatalog>();

/** The one catalog of a database connection (routes of one app share it). */
export function searchCatalog(db: Queryable, contentDir?: string): SearchCatalog {
  let catalog = catalogs.get(db);
  if (!catalog) catalogs.set(db, (catalog = new SearchCatalog(db, contentDir ?? defaultContentDir)));
  return catalog;
}

export class SearchCatalog {
  private corpus: Promise<Corpus> | null = null;
  private readonly indexes = new Map<string, StorefrontIndex>();
  private checkedAt = 0;
  private checking = false;
  /** Bumped by invalidate(): an index built from a corpus read before it is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly contentDir: string,
  ) {}

  /**
   * The indexes of storefront (country `local`, catalogue `i18n`); the first call of a process waits for the corpus.
   */
  async forStorefront(local: string, i18n: string): Promise<StorefrontIndex> {
    this.recheck();
    const generation = this.generation;
    const corpus = await (this.corpus ??= this.load());
    const key = `${local}|${i18n}|${corpus.hash}`;
    let index = this.indexes.get(key);
    if (!index) {
      index = buildIndex(corpus, local, i18n);
      if (generation === this.generation) this.indexes.set(key, index);
    }
    return index;
  }

  /** Reads the corpus now (at start), so the first shopper's keystroke does not wait for it. */
  async warm(): Promise<void> {
    await (this.corpus ??= this.load());
  }

  /** Drops the corpus so the next query reads the database again (after a seed, or a release changed prices). */
  invalidate(): void {
    this.generation += 1;
    this.corpus = null;
    this.indexes.clear();
  }

  private recheck(): void {
    const now = Date.now();
    if (!this.corpus || this.checking || now - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = now;
    this.checking = true;
    const current = this.corpus;
    void (async () => {
      try {
        const hash = await this.seedHash();
        if (hash !== (await current).hash) {
          const fresh = this.load();
          await fresh;
          if (this.corpus === current) {
            this.corpus = fresh;
            this.indexes.clear();
          }
        }
      } catch {
        // Keep serving the corpus we have; the next query tries again.
      } finally {
        this.checking = false;
      }
    })();
  }

  private async seedHash(): Promise<string> {
    const rows = await this.db.query<{ hash: string }>(`SELECT hash FROM seed_state WHERE name = 'content'`);
    return rows[0]?.hash ?? '';
  }

  private async load(): Promise<Corpus> {
    const hash = await this.seedHash();
    const [offerRows, productRows, support, storeRows] = await Promise.all([
      this.db.query<OfferRow>(
        `SELECT local, product_id, name, image, category, sub_category, rank, commodity_id, currency, sale_price,
           market_price, stock
         FROM offered_product_cards WHERE category <> $1`,
        [GIFT_CARD_CATEGORY],
      ),
      this.db.query<{
        id: string;
        tagline: Localized | null;
        description: Localized | null;
        specs: { label: Localized; value: string }[] | null;
      }>(
        `SELECT id, data -> 'tagline' AS tagline, data -> 'description' AS description, data -> 'specs' AS specs
         FROM products`,
      ),
      this.db.query<{ kind: string; id: string; data: Record<string, unknown> }>(
        `SELECT kind, id, data FROM support_content ORDER BY kind, id`,
      ),
      this.db.query<{ local: string; data: Store }>(`SELECT local, data FROM stores ORDER BY local, position`),
    ]);
    const offers = new Map<string, OfferRow[]>();
    for (const row of offerRows) {
      let list = offers.get(row.local);
      if (!list) offers.set(row.local, (list = []));
      list.push({ ...row, sale_price: Number(row.sale_price), market_price: Number(row.market_price) });
    }
    const stores = new Map<string, Store[]>();
    for (const row of storeRows) {
      let list = stores.get(row.local);
      if (!list) stores.set(row.local, (list = []));
      list.push(row.data);
    }
    return {
      hash,
      offers,
      products: new Map(
        productRows.map((p) => [
          p.id,
          {
            ...(p.tagline ? { tagline: p.tagline } : {}),
            ...(p.description ? { description: p.description } : {}),
            ...(p.specs ? { specs: p.specs } : {}),
          },
        ]),
      ),
      support,
      stores,
      categories: this.readCategories(),
    };
  }

  /** Category names in every language (the database keeps only their ids). */
  private readCategories(): Category[] {
    try {
      const file = path.join(this.contentDir, contentPaths.categories);
      return (JSON.parse(fs.readFileSync(file, 'utf8')) as { categories: Category[] }).categories;
    } catch {
      return [];
    }
  }
}

/** The searchable texts of a Localized value: the storefront's language, and English (hidden) where it differs. */
function localizedFields(
  value: Localized | undefined,
  i18n: string,
  weight: number,
  snippet: boolean,
): DocSpec<never>['fields'] {
  if (!value) return [];
  const text = localize(value, i18n);
  const fields = [{ text, weight, snippet }];
  if (text !== value.en) fields.push({ text: value.en, weight: weight * 0.6, snippet: false, hidden: true } as never);
  return fields;
}

function buildIndex(corpus: Corpus, local: string, i18n: string): StorefrontIndex {
  const categoryNames = new Map<string, string>();
  for (const c of corpus.categories) {
    categoryNames.set(c.id, [localize(c.name, i18n), c.name.en].join(' '));
    for (const s of c.subcategories)
      categoryNames.set(`${c.id}/${s.id}`, [localize(s.name, i18n), s.name.en].join(' '));
  }
  const products: DocSpec<ProductPayload>[] = (corpus.offers.get(local) ?? []).map((o) => {
    const texts = corpus.products.get(o.product_id) ?? {};
    return {
      fields: [
        { text: o.name, weight: 4 },
        { text: categoryNames.get(o.category) ?? o.category.replace(/-/g, ' '), weight: 2, hidden: true },
        {
          text: categoryNames.get(`${o.category}/${o.sub_category}`) ?? o.sub_category.replace(/-/g, ' '),
          weight: 2,
          hidden: true,
        },
        ...localizedFields(texts.tagline, i18n, 1.5, true),
        ...localizedFields(texts.description, i18n, 1, true),
        { text: (texts.specs ?? []).map((s) => s.value).join(' · '), weight: 0.8, hidden: true },
      ],
      payload: {
        type: 'product',
        id: o.product_id,
        commodityId: o.commodity_id,
        image: o.image,
        category: o.category,
        subCategory: o.sub_category,
        price: o.sale_price,
        marketPrice: o.market_price,
        currency: o.currency,
        inStock: o.stock > 0,
      },
      rank: o.rank,
      available: o.stock > 0,
    };
  });

  const stores: DocSpec<StorePayload>[] = (corpus.stores.get(local) ?? []).map((s, rank) => ({
    fields: [
      { text: s.name, weight: 4 },
      { text: `${s.address}, ${s.postalCode ? `${s.postalCode} ` : ''}${s.city}`, weight: 2.5, snippet: true },
      { text: s.city, weight: 3, hidden: true },
    ],
    payload: {
      type: 'store',
      id: s.storeId,
      kind: s.kind,
      city: s.city,
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
    },
    rank,
  }));

  const support: DocSpec<SupportPayload>[] = corpus.support.map((row, rank) => {
    if (row.kind === 'article') {
      const a = row.data as {
        articleId: string;
        title: Localized;
        summary: Localized;
        body: Localized[];
        category: string;
      };
      return {
        fields: [
          ...localizedFields(a.title, i18n, 4, false),
          ...localizedFields(a.summary, i18n, 2, true),
          ...a.body.flatMap((p) => localizedFields(p, i18n, 1, true)),
          { text: categoryWords(a.category), weight: 1, hidden: true },
        ],
        payload: { type: 'support', kind: 'article', id: a.articleId, category: a.category },
        rank,
      };
    }
    const f = row.data as { id: string; question: Localized; answer: Localized[]; categoryNumber: number };
    return {
      fields: [
        ...localizedFields(f.question, i18n, 4, false),
        ...f.answer.flatMap((p) => localizedFields(p, i18n, 1.5, true)),
      ],
      payload: { type: 'support', kind: 'faq', id: f.id, category: String(f.categoryNumber) },
      rank: rank + 1000,
    };
  });

  const names = products.map((p) => ({ ...p, fields: p.fields.slice(0, 3) }));
  return {
    product: new DocIndex(products),
    suggest: new DocIndex(names),
    store: new DocIndex(stores),
    support: new DocIndex(support),
  };
}

const categoryWords = (category: string) => category.replace(/-/g, ' ');

export type { SearchType };
