import type { Database, Queryable } from './types';
import { upsertSalesIn } from '../repositories/flash-sales';
import { getSiteConfig } from '../../sites/site-config';
import { toMinor } from '../../region-config/money';
import { formatPrice } from '../../region-config/format-price';
import {
  giftCardOffers,
  GIFT_CARD_CATEGORY,
  GIFT_CARD_PRODUCT_ID,
  GIFT_CARD_PURCHASE_LIMIT,
} from '../../sites/gift-cards';
import { defaultContentDir, readSeedContent, snapshotHash, type SeedContent } from './seed-source';
import { getRegionSettings } from '../../region-config/index';
import { contentStorefronts } from '../../content/storefronts';
import { defaultDiversions } from './seed-diversions';

interface Log {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

const LOCK_ID = 72_410_032;
/** Part of the seed's hash: bump it when writeSeed learns a new table, so existing databases are seeded again. */
const SEED_FORMAT = 'presales-1+trade-in-1+stores-1+service-centres-1+reviews-1+flash-sales-1+diversions-2';

/**
 * Loads the content snapshots into the database when they changed since the last seed (hash in seed_state).
 * Idempotent: products and header/footers are upserted; offers are upserted without their stock, and one dropped
 * from a country goes off sale, so it becomes "not available" in carts instead of vanishing from them.
 */
export async function seedFromContent(
  db: Database,
  opts: { contentDir?: string | undefined; log: Log },
): Promise<'seeded' | 'unchanged'> {
  const contentDir = opts.contentDir ?? defaultContentDir;
  const hash = `${snapshotHash(contentDir)}:${SEED_FORMAT}`;
  const current = await db.query<{ hash: string }>(`SELECT hash FROM seed_state WHERE name = 'content'`);
  if (current[0]?.hash === hash) return 'unchanged';
  const content = readSeedContent(contentDir, (msg) => opts.log.warn(msg));
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    const again = await tx.query<{ hash: string }>(`SELECT hash FROM seed_state WHERE name = 'content'`);
    if (again[0]?.hash === hash) return; // another instance seeded while we waited
    await writeSeed(tx, content);
    await tx.query(
      `INSERT INTO seed_state (name, hash) VALUES ('content', $1) ON CONFLICT (name) DO UPDATE
       SET hash = $1, seeded_at = now()`,
      [hash],
    );
  });
  opts.log.info(
    { products: content.products.length, headerFooters: Object.keys(content.headerFooters).length },
    'seeded the database from content snapshots',
  );
  return 'seeded';
}

/** Writes the rows; each table in one statement (jsonb_to_recordset) because row-by-row inserts are slow on PGlite. */
export async function writeSeed(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  content: SeedContent,
): Promise<void> {
  const products = content.products.map((p, rank) => ({
    id: p.id,
    category: p.category,
    sub_category: p.subCategory,
    name: p.name,
    image: p.image,
    purchase_limit: p.purchaseLimit,
    rank,
    data: { ...p, commodities: undefined },
  }));
  const commodities = content.products.flatMap((p) =>
    p.commodities.map((c, position) => ({
      commodity_id: c.commodityId,
      goods_id: c.goodsId,
      product_id: p.id,
      first_spec_value: c.firstSpecValue,
      second_spec_value: c.secondSpecValue,
      position,
    })),
  );
  const offers = content.products.flatMap((p) =>
    p.commodities.flatMap((c) =>
      Object.entries(c.offers ?? {}).map(([local, o]) => ({
        commodity_id: c.commodityId,
        local,
        currency: o.currency,
        sale_price: o.salePrice,
        market_price: o.marketPrice,
        stock: o.stock,
      })),
    ),
  );
  await tx.query(
    `INSERT INTO products (id, category, sub_category, name, image, purchase_limit, rank, data)
     SELECT id, category, sub_category, name, image, purchase_limit, rank, data
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, category text, sub_category text, name text, image text,
       purchase_limit int, rank int, data jsonb)
     ON CONFLICT (id) DO UPDATE SET category = EXCLUDED.category, sub_category = EXCLUDED.sub_category,
       name = EXCLUDED.name,
       image = EXCLUDED.image, purchase_limit = EXCLUDED.purchase_limit, rank = EXCLUDED.rank, data = EXCLUDED.data`,
    [JSON.stringify(products)],
  );
  await tx.query(
    `INSERT INTO commodities (commodity_id, goods_id, product_id, first_spec_value, second_spec_value, position)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(commodity_id text, goods_id text, product_id text,
       first_spec_value text, second_spec_value text, position int)
     ON CONFLICT (commodity_id) DO UPDATE SET goods_id = EXCLUDED.goods_id, product_id = EXCLUDED.product_id,
       first_spec_value = EXCLUDED.first_spec_value, second_spec_value = EXCLUDED.second_spec_value,
       position = EXCLUDED.position`,
    [JSON.stringify(commodities)],
  );
  // Stock is live data: the snapshot gives a new offer its starting stock (a 'snapshot start' ledger row) and
  // nothing more, so an existing offer keeps what sales, cancellations and operators made of it, and units sold never
  // come back. Offers the snapshot no longer has stop selling (on_sale = false) but stay, with their history. The
  // ledger rows are written only for offers missing before this statement (both CTEs read the same snapshot).
  await tx.query(
    `WITH snapshot AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(commodity_id text, local text, currency text,
         sale_price numeric, market_price numeric, stock int)
     ),
     created AS (
       SELECT s.* FROM snapshot s WHERE NOT EXISTS (SELECT 1 FROM offers o WHERE o.commodity_id = s.commodity_id
         AND o.local = s.local)
     ),
     upserted AS (
       INSERT INTO offers (commodity_id, local, currency, sale_price, market_price, stock, on_sale)
       SELECT commodity_id, local, currency, sale_price, market_price, stock, true FROM snapshot
       ON CONFLICT (commodity_id, local) DO UPDATE SET on_sale = true,
         -- The prices still follow the snapshot (the stock column is never in this list).
         currency = EXCLUDED.currency, sale_price = EXCLUDED.sale_price, market_price = EXCLUDED.market_price
     )
     INSERT INTO stock_movements (commodity_id, local, delta, reason, stock_after)
     SELECT commodity_id, local, stock, 'snapshot start', stock FROM created`,
    [JSON.stringify(offers)],
  );
  const giftCardKeys = await writeGiftCards(tx, [...new Set(offers.map((o) => o.local))].sort());
  const inSnapshot = [...offers.map((o) => ({ commodity_id: o.commodity_id, local: o.local })), ...giftCardKeys];
  await tx.query(
    `UPDATE offers o SET on_sale = false
     WHERE o.on_sale AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($1::jsonb) AS x(commodity_id text,
       local text) WHERE x.commodity_id = o.commodity_id AND x.local = o.local)`,
    [JSON.stringify(inSnapshot)],
  );

  const headerFooters = Object.entries(content.headerFooters).map(([urlLocal, data]) => ({
    url_local: urlLocal,
    data,
  }));
  await tx.query(
    `INSERT INTO header_footer (url_local, data)
     SELECT url_local, data FROM jsonb_to_recordset($1::jsonb) AS x(url_local text, data jsonb)
     ON CONFLICT (url_local) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
    [JSON.stringify(headerFooters)],
  );

  // The app banner (diversion) each storefront starts with, in its language (seed-diversions.ts).
  const diversions = defaultDiversions(
    contentStorefronts.filter((s) => content.headerFooters[s.urlLocal]),
    content.translations,
  );
  await tx.query(
    `INSERT INTO diversions (url_local, channel_tag, data)
     SELECT url_local, channel_tag, data FROM jsonb_to_recordset($1::jsonb) AS x(url_local text, channel_tag text,
       data jsonb)
     ON CONFLICT (url_local, channel_tag) DO UPDATE SET data = EXCLUDED.data`,
    [JSON.stringify(diversions)],
  );

  const support = [
    ...(content.faq?.categories ?? []).flatMap((cat) =>
      cat.items.map((item) => ({ kind: 'faq', id: item.id, data: { ...item, categoryNumber: cat.categoryNumber } })),
    ),
    ...content.articles.map((a) => ({ kind: 'article', id: String(a.articleId), data: a })),
  ];
  await writeCoupons(tx, content.coupons);
  await writeFcodes(tx, content.fcodes);
  await writeTradeIn(tx, content.tradeIn);
  await writePresales(tx, content.presales);
  await writeFlashSales(tx, content.flashSales ?? []);
  await writeServiceCentres(tx, content.serviceCentres ?? []);
  await writeStores(tx, content.stores);
  await writeReviews(tx, content.reviews ?? []);
  await tx.query(`DELETE FROM support_content`);
  await tx.query(
    `INSERT INTO support_content (kind, id, data)
     SELECT kind, id, data FROM jsonb_to_recordset($1::jsonb) AS x(kind text, id text, data jsonb)`,
    [JSON.stringify(support)],
  );
}

/**
 * Coupons from the snapshot, in minor units of their country's currency. Claims stay: a coupon already claimed keeps
 * its count (and its shoppers' claims) when the campaign is edited; coupons gone from the snapshot stop at once.
 */
async function writeCoupons(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  coupons: SeedContent['coupons'],
): Promise<void> {
  const rows = coupons.map((c) => {
    const currency = getSiteConfig(c.local).priceDisplay.currency;
    const minor = (v: number | undefined) => (v === undefined ? null : toMinor(v, currency));
    return {
      id: c.id,
      code: c.code,
      local: c.local,
      kind: c.kind,
      title: c.title,
      currency,
      amount: minor(c.amount),
      percent: c.percent ?? null,
      cap: minor(c.cap),
      min_spend: minor(c.minSpend),
      categories: c.categories ?? null,
      products: c.products ?? null,
      starts_at: c.startsAt,
      ends_at: c.endsAt,
      total_stock: c.totalStock,
      per_user_limit: c.perUserLimit,
      claim_gate: c.claimGate ?? null,
      first_order_only: c.firstOrderOnly === true,
    };
  });
  await tx.query(
    `INSERT INTO coupons (id, code, local, kind, title, currency, amount, percent, cap, min_spend, categories, products,
       starts_at, ends_at, total_stock, per_user_limit, claim_gate, first_order_only)
     SELECT id, code, local, kind, title, currency, amount, percent, cap, min_spend,
            CASE WHEN jsonb_typeof(categories) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(categories)) END,
            CASE WHEN jsonb_typeof(products) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(products)) END,
            starts_at, ends_at, total_stock, per_user_limit, claim_gate, first_order_only
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, code text, local text, kind text, title text, currency text,
          amount bigint, percent int, cap bigint,
          min_spend bigint, categories jsonb, products jsonb, starts_at timestamptz, ends_at timestamptz,
          total_stock int, per_user_limit int, claim_gate text, first_order_only boolean)
     ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code, local = EXCLUDED.local, kind = EXCLUDED.kind,
       title = EXCLUDED.title, currency = EXCLUDED.currency,
       amount = EXCLUDED.amount, percent = EXCLUDED.percent, cap = EXCLUDED.cap, min_spend = EXCLUDED.min_spend,
       categories = EXCLUDED.categories,
       products = EXCLUDED.products, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
       total_stock = EXCLUDED.total_stock,
       per_user_limit = EXCLUDED.per_user_limit, claim_gate = EXCLUDED.claim_gate,
       first_order_only = EXCLUDED.first_order_only`,
    [JSON.stringify(rows)],
  );
  // A campaign removed from the CMS ends now; its claims stay for the shoppers' history. The semester's student
  // coupons are opened by the server, not the CMS, and keep their windows.
  await tx.query(
    `UPDATE coupons SET ends_at = least(ends_at, now())
     WHERE NOT (id = ANY($1::text[])) AND claim_gate IS DISTINCT FROM 'student'`,
    [rows.map((r) => r.id)],
  );
}

/**
 * Flash sale campaigns, prices in minor units, through the flash-sales repository's writer: the campaign rows and a
 * tally for a new sale. Places, sold units and orders are live data a re-seed never touches; a sale missing from the
 * snapshot (an operator's, a test's) is left as it is.
 */
async function writeFlashSales(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  sales: SeedContent['flashSales'],
): Promise<void> {
  await upsertSalesIn(
    tx as Queryable,
    sales.map((s) => {
      const currency = getSiteConfig(s.local).priceDisplay.currency;
      return {
        id: s.id,
        local: s.local,
        productId: s.productId,
        commodityIds: s.commodityIds,
        startsAt: new Date(s.startsAt),
        endsAt: new Date(s.endsAt),
        units: s.units,
        oversubscription: s.oversubscription ?? 0,
        salePrice: toMinor(s.salePrice, currency),
        currency,
        perAccountLimit: s.perAccountLimit ?? 1,
        fcodeRequired: s.fcodeRequired ?? false,
        minClubLevel: s.minClubLevel ?? null,
        waitingRoom: s.waitingRoom ?? false,
        paymentWindowSeconds: s.paymentWindowSeconds ?? 900,
      };
    }),
  );
}

/** Pre-sale campaigns, deposits in minor units. A reseed (content changed) sets the snapshot's windows again. */
async function writePresales(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  campaigns: SeedContent['presales'],
): Promise<void> {
  const rows = campaigns.map((c) => {
    const currency = getSiteConfig(c.local).priceDisplay.currency;
    return {
      id: c.id,
      local: c.local,
      product_id: c.productId,
      currency,
      deposit: toMinor(c.deposit, currency),
      deposit_starts_at: c.depositStartsAt,
      deposit_ends_at: c.depositEndsAt,
      final_starts_at: c.finalStartsAt,
      final_ends_at: c.finalEndsAt,
    };
  });
  await tx.query(
    `INSERT INTO presale_campaigns (id, local, product_id, currency, deposit, deposit_starts_at, deposit_ends_at,
       final_starts_at, final_ends_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, local text, product_id text, currency text,
          deposit bigint, deposit_starts_at timestamptz,
          deposit_ends_at timestamptz, final_starts_at timestamptz, final_ends_at timestamptz)
     ON CONFLICT (id) DO UPDATE SET local = EXCLUDED.local, product_id = EXCLUDED.product_id,
       currency = EXCLUDED.currency, deposit = EXCLUDED.deposit,
       deposit_starts_at = EXCLUDED.deposit_starts_at, deposit_ends_at = EXCLUDED.deposit_ends_at,
       final_starts_at = EXCLUDED.final_starts_at,
       final_ends_at = EXCLUDED.final_ends_at`,
    [JSON.stringify(rows)],
  );
  // A campaign removed from the CMS takes no new deposits; paid deposits keep their final window.
  await tx.query(
    `UPDATE presale_campaigns SET deposit_ends_at = least(deposit_ends_at, now())
     WHERE NOT (id = ANY($1::text[])) AND deposit_starts_at < now()`,
    [rows.map((r) => r.id)],
  );
}

/** The stock a gift card offer starts with. */
const GIFT_CARD_STOCK = 1_000_000;

/**
 * The gift card product: one commodity per country and value, sold at face value. Answers the offers it keeps on sale.
 */
async function writeGiftCards(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  locals: string[],
): Promise<{ commodity_id: string; local: string }[]> {
  const offers = giftCardOffers(locals);
  const data = { id: GIFT_CARD_PRODUCT_ID, giftCard: true };
  await tx.query(
    `INSERT INTO products (id, category, sub_category, name, image, purchase_limit, rank, data)
     VALUES ($1, $2, $2, 'Xiaomi Gift Card', '/images/products/gift-card.svg', $3, 100000, $4)
     ON CONFLICT (id) DO UPDATE SET category = EXCLUDED.category, purchase_limit = EXCLUDED.purchase_limit,
       data = EXCLUDED.data`,
    [GIFT_CARD_PRODUCT_ID, GIFT_CARD_CATEGORY, GIFT_CARD_PURCHASE_LIMIT, JSON.stringify(data)],
  );
  const rows = offers.map((o, position) => ({
    commodity_id: o.commodityId,
    goods_id: o.commodityId,
    product_id: GIFT_CARD_PRODUCT_ID,
    first_spec_value: formatPrice(o.price, getSiteConfig(o.local).priceDisplay),
    second_spec_value: '',
    position,
    local: o.local,
    currency: o.currency,
    price: o.price,
  }));
  await tx.query(
    `INSERT INTO commodities (commodity_id, goods_id, product_id, first_spec_value, second_spec_value, position)
     SELECT commodity_id, goods_id, product_id, first_spec_value, second_spec_value, position
     FROM jsonb_to_recordset($1::jsonb) AS x(commodity_id text, goods_id text, product_id text, first_spec_value text,
       second_spec_value text, position int)
     ON CONFLICT (commodity_id) DO UPDATE SET first_spec_value = EXCLUDED.first_spec_value,
       position = EXCLUDED.position`,
    [JSON.stringify(rows)],
  );
  // A code is not a stocked item: a large stock keeps the order machinery uniform. Like every offer, it is given
  // once (with its ledger row) and then only moves.
  await tx.query(
    `WITH cards AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(commodity_id text, local text, currency text, price numeric)
     ),
     created AS (
       SELECT c.* FROM cards c WHERE NOT EXISTS (SELECT 1 FROM offers o WHERE o.commodity_id = c.commodity_id
         AND o.local = c.local)
     ),
     upserted AS (
       INSERT INTO offers (commodity_id, local, currency, sale_price, market_price, stock, on_sale)
       SELECT commodity_id, local, currency, price, price, ${GIFT_CARD_STOCK}, true FROM cards
       ON CONFLICT (commodity_id, local) DO UPDATE SET on_sale = true, currency = EXCLUDED.currency,
         sale_price = EXCLUDED.sale_price, market_price = EXCLUDED.market_price
     )
     INSERT INTO stock_movements (commodity_id, local, delta, reason, stock_after)
     SELECT commodity_id, local, ${GIFT_CARD_STOCK}, 'snapshot start', ${GIFT_CARD_STOCK} FROM created`,
    [JSON.stringify(rows)],
  );
  return rows.map((r) => ({ commodity_id: r.commodity_id, local: r.local }));
}

/**
 * F-codes of the campaigns: new codes are added, redeemed ones keep their holder; a campaign's end follows the
 * snapshot.
 */
async function writeFcodes(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  campaigns: SeedContent['fcodes'],
): Promise<void> {
  const rows = campaigns.flatMap((c) =>
    c.codes.map((code) => ({ code, campaign_id: c.id, local: c.local, product_id: c.productId, ends_at: c.endsAt })),
  );
  await tx.query(
    `INSERT INTO fcodes (code, campaign_id, local, product_id, ends_at)
     SELECT code, campaign_id, local, product_id, ends_at FROM jsonb_to_recordset($1::jsonb) AS x(code text,
       campaign_id text, local text, product_id text, ends_at timestamptz)
     ON CONFLICT (code) DO UPDATE SET ends_at = EXCLUDED.ends_at, product_id = EXCLUDED.product_id,
       local = EXCLUDED.local`,
    [JSON.stringify(rows)],
  );
  await tx.query(`UPDATE fcodes SET ends_at = least(ends_at, now()) WHERE NOT (code = ANY($1::text[]))`, [
    rows.map((r) => r.code),
  ]);
}

/**
 * Trade-in programmes: replaced as a whole (models, values, questions, phones). Evaluations keep their own copy
 * of what they were quoted, so a new price list never changes a shopper's trade-in.
 */
async function writeTradeIn(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  countries: SeedContent['tradeIn'],
): Promise<void> {
  await tx.query(`DELETE FROM trade_in_programs`);
  const programs = countries.map((c) => ({
    local: c.local,
    currency: c.currency,
    validity_days: c.quoteValidityDays,
    timing: c.timing,
    questions: c.questions,
  }));
  const models = countries.flatMap((c) =>
    c.models.map((m, position) => ({ local: c.local, id: m.id, brand: m.brand, model: m.model, position })),
  );
  const values = countries.flatMap((c) =>
    c.models.flatMap((m) =>
      m.storages.map((s, position) => ({
        local: c.local,
        model_id: m.id,
        storage: s.storage,
        base_value: s.baseValue,
        position,
      })),
    ),
  );
  const phones = countries.flatMap((c) =>
    c.phones.map((p, position) => ({
      local: c.local,
      product_id: p.productId,
      bonus: p.bonus,
      subsidy: p.subsidy,
      position,
    })),
  );
  await tx.query(
    `INSERT INTO trade_in_programs (local, currency, validity_days, timing, questions)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(local text, currency text, validity_days int, timing jsonb,
       questions jsonb)`,
    [JSON.stringify(programs)],
  );
  await tx.query(
    `INSERT INTO trade_in_models SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(local text, id text, brand text,
       model text, position int)`,
    [JSON.stringify(models)],
  );
  await tx.query(
    `INSERT INTO trade_in_values SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(local text, model_id text,
       storage text, base_value bigint, position int)`,
    [JSON.stringify(values)],
  );
  await tx.query(
    `INSERT INTO trade_in_phones SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(local text, product_id text,
       bonus bigint, subsidy bigint, position int)`,
    [JSON.stringify(phones)],
  );
}

/**
 * Seed reviews: published reviews without an account, upserted by their snapshot id so shoppers'
 * likes stay; their like count is the snapshot's plus the likes given since. Seed reviews gone from the snapshot go.
 */
async function writeReviews(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  reviews: SeedContent['reviews'],
): Promise<void> {
  const rows = reviews.map((r) => {
    const storefront = contentStorefronts.find((s) => s.local === r.local);
    return {
      seed_id: r.id,
      local: r.local,
      url_local: storefront?.urlLocal ?? r.local,
      product_id: r.productId,
      score: r.score,
      body: r.text,
      anonymous: r.anonymous,
      author_name: r.author,
      seed_photos: r.photos ?? [],
      likes: r.likes,
      created_at: r.createdAt,
    };
  });
  await tx.query(`DELETE FROM reviews WHERE seed_id IS NOT NULL AND NOT (seed_id = ANY($1::text[]))`, [
    rows.map((r) => r.seed_id),
  ]);
  await tx.query(
    `INSERT INTO reviews AS r (seed_id, local, url_local, product_id, product_name, score, body, anonymous, author_name,
       state, seed_photos, likes, created_at, updated_at, published_at)
     SELECT x.seed_id, x.local, x.url_local, x.product_id, coalesce(p.name, x.product_id), x.score, x.body, x.anonymous,
       x.author_name, 'reviewed', x.seed_photos, x.likes, x.created_at, x.created_at, x.created_at
     FROM jsonb_to_recordset($1::jsonb) AS x(seed_id text, local text, url_local text, product_id text, score int,
       body text, anonymous boolean, author_name text, seed_photos jsonb, likes int, created_at timestamptz)
     LEFT JOIN products p ON p.id = x.product_id
     ON CONFLICT (seed_id) DO UPDATE SET local = EXCLUDED.local, url_local = EXCLUDED.url_local,
       product_id = EXCLUDED.product_id, product_name = EXCLUDED.product_name,
       score = EXCLUDED.score, body = EXCLUDED.body, anonymous = EXCLUDED.anonymous, author_name = EXCLUDED.author_name,
       seed_photos = EXCLUDED.seed_photos,
       created_at = EXCLUDED.created_at, published_at = EXCLUDED.published_at,
       likes = EXCLUDED.likes + (SELECT count(*)::int FROM review_likes l WHERE l.review_id = r.id)`,
    [JSON.stringify(rows)],
  );
}

/** Stores: replaced as a whole; nothing refers to a store row. */
async function writeStores(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  countries: SeedContent['stores'],
): Promise<void> {
  const rows = countries.flatMap((c) =>
    c.stores.map((store, position) => ({ store_id: store.storeId, local: c.local, position, data: store })),
  );
  await tx.query(`DELETE FROM stores`);
  await tx.query(
    `INSERT INTO stores (store_id, local, position, data)
     SELECT store_id, local, position, data FROM jsonb_to_recordset($1::jsonb) AS x(store_id text, local text,
       position int, data jsonb)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Service centres and each country's booking rules. Centres are upserted, never deleted (appointments
 * point at them): one gone from the snapshot becomes inactive and takes no new bookings.
 */
async function writeServiceCentres(
  tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  countries: SeedContent['serviceCentres'],
): Promise<void> {
  const rules = countries.map((c) => ({
    local: c.local,
    change_cutoff_hours: c.changeCutoffHours,
    min_lead_minutes: c.minLeadMinutes,
    booking_horizon_days: c.bookingHorizonDays,
  }));
  const centres = countries.flatMap((c) =>
    c.centres.map((centre, position) => ({
      id: centre.id,
      local: c.local,
      name: centre.name,
      city: centre.city,
      address: centre.address,
      postal_code: centre.postalCode ?? null,
      phone: centre.phone,
      email: centre.email ?? null,
      latitude: centre.latitude,
      longitude: centre.longitude,
      services: centre.services,
      slot_minutes: centre.slotMinutes,
      capacity: centre.capacity,
      hours: centre.hours,
      timezone: getRegionSettings(c.local).dayjsTimezone,
      position,
    })),
  );
  await tx.query(`DELETE FROM service_booking_rules`);
  await tx.query(
    `INSERT INTO service_booking_rules SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(local text,
       change_cutoff_hours int, min_lead_minutes int, booking_horizon_days int)`,
    [JSON.stringify(rules)],
  );
  await tx.query(
    `INSERT INTO service_centres (id, local, name, city, address, postal_code, phone, email, latitude, longitude,
       services, slot_minutes, capacity, hours, timezone, position, active)
     SELECT id, local, name, city, address, postal_code, phone, email, latitude, longitude,
       ARRAY(SELECT jsonb_array_elements_text(services)), slot_minutes, capacity, hours, timezone, position, true
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, local text, name text, city text, address text, postal_code text,
          phone text, email text, latitude float8,
          longitude float8, services jsonb, slot_minutes int, capacity int, hours jsonb, timezone text, position int)
     ON CONFLICT (id) DO UPDATE SET local = EXCLUDED.local, name = EXCLUDED.name, city = EXCLUDED.city,
       address = EXCLUDED.address, postal_code = EXCLUDED.postal_code,
       phone = EXCLUDED.phone, email = EXCLUDED.email, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
       services = EXCLUDED.services,
       slot_minutes = EXCLUDED.slot_minutes, capacity = EXCLUDED.capacity, hours = EXCLUDED.hours,
       timezone = EXCLUDED.timezone, position = EXCLUDED.position, active = true`,
    [JSON.stringify(centres)],
  );
  await tx.query(`UPDATE service_centres SET active = false WHERE NOT (id = ANY($1::text[]))`, [
    centres.map((c) => c.id),
  ]);
}
