import { batched } from '../db/batched';
import type { Database, Queryable } from '../db/types';

/** A flash sale campaign as the API and admission read it (money in minor units). */
export interface FlashSale {
  id: string;
  local: string;
  productId: string;
  commodityIds: string[];
  startsAt: Date;
  endsAt: Date;
  units: number;
  oversubscription: number;
  salePrice: number;
  currency: string;
  perAccountLimit: number;
  fcodeRequired: boolean;
  minClubLevel: string | null;
  waitingRoom: boolean;
  paymentWindowSeconds: number;
}

/**
 * A sale with its live tally: units held by places (won or paid), whether admissions are closed (a new ask can get
 * nothing: without a waiting room, the units and the oversubscription are given; with one, every unit is paid for).
 */
export interface FlashSaleNow extends FlashSale {
  held: number;
  admissionsClosed: boolean;
}

export type FlashPlaceState = 'won' | 'waiting' | 'paid' | 'expired';

export interface FlashPlace {
  seq: number;
  /** `sold_out`: waiting behind units that are all paid for (or the sale has ended). */
  state: FlashPlaceState | 'sold_out';
  position: number | null;
  payUntil: Date | null;
  orderId: string | null;
  /** Units the place holds (won, paid; held once expired) or asks for (waiting). */
  units: number;
}

/** A won place waiting for its order, and the storefront the shopper entered from. */
export interface WonPlace {
  saleId: string;
  userId: number;
  urlLocal: string;
}

/** A won place locked for its order, with what the order sells (money in minor units but `marketPrice`, major). */
export interface WonForOrder {
  commodityId: string;
  /** The units the place holds: the order line's quantity. */
  quantity: number;
  payUntil: Date;
  local: string;
  salePrice: number;
  currency: string;
  productId: string;
  category: string;
  name: string;
  spec: string;
  image: string;
  /** The offer's market price in the sale's currency (major units, as offers keep it), or null. */
  marketPrice: number | null;
}

interface WonForOrderRow {
  commodity_id: string;
  quantity: number;
  pay_until: Date;
  local: string;
  sale_price: number;
  currency: string;
  product_id: string;
  category: string;
  name: string;
  image: string;
  first_spec_value: string;
  second_spec_value: string;
  market_price: number | null;
  offer_currency: string | null;
}

export type EnterOutcome =
  | { outcome: 'unknown' | 'not_started' | 'ended' | 'device' | 'address' | 'sold_out' | 'pending' }
  | ({ outcome: 'new' | 'place' } & FlashPlace);

/** An ask just recorded: answered at once (a place, a refusal), or pending until settled in arrival order. */
export type ArriveOutcome =
  | { outcome: 'unknown' | 'not_started' | 'ended' }
  | ({ outcome: 'place' } & FlashPlace)
  | { outcome: 'pending'; arrived: number };

interface SaleRow {
  id: string;
  local: string;
  product_id: string;
  commodity_ids: string[];
  starts_at: Date;
  ends_at: Date;
  units: number;
  oversubscription: number;
  sale_price: number;
  currency: string;
  per_account_limit: number;
  fcode_required: boolean;
  min_club_level: string | null;
  waiting_room: boolean;
  payment_window_seconds: number;
  held: number;
  closed: boolean;
}

const SALE_COLUMNS = `s.id, s.local, s.product_id, s.commodity_ids, s.starts_at, s.ends_at, s.units, s.oversubscription,
  s.sale_price::float8 AS sale_price, s.currency, s.per_account_limit, s.fcode_required, s.min_club_level,
  s.waiting_room, s.payment_window_seconds, coalesce(t.held, 0) AS held,
  coalesce(flash_closed(s, t), false) AS closed`;

const toSale = (r: SaleRow): FlashSaleNow => ({
  id: r.id,
  local: r.local,
  productId: r.product_id,
  commodityIds: r.commodity_ids,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  units: r.units,
  oversubscription: r.oversubscription,
  salePrice: r.sale_price,
  currency: r.currency,
  perAccountLimit: r.per_account_limit,
  fcodeRequired: r.fcode_required,
  minClubLevel: r.min_club_level,
  waitingRoom: r.waiting_room,
  paymentWindowSeconds: r.payment_window_seconds,
  held: r.held,
  admissionsClosed: r.closed,
});

interface PlaceRow {
  outcome?: string;
  seq: number | null;
  state: FlashPlace['state'] | null;
  place_position: number | null;
  pay_until: Date | null;
  order_id: string | null;
  units: number | null;
}

const toPlace = (r: PlaceRow): FlashPlace => ({
  seq: r.seq!,
  state: r.state!,
  position: r.state === 'waiting' ? r.place_position : null,
  payUntil: r.pay_until ? new Date(r.pay_until) : null,
  orderId: r.order_id,
  units: r.units ?? 1,
});

/** An ask for a place as the route records it. */
export interface FlashAsk {
  saleId: string;
  userId: number;
  commodityId: string;
  /** Units asked for (within the sale's limit per account). */
  quantity: number;
  deviceId: string | null;
  address: string | null;
  /** The storefront the shopper asks from: the language of the place's order, its mails and messages. */
  urlLocal: string;
  /** When the ask reached the server, µs since the epoch. */
  arrival: number;
  /** An ask reaching the database later than this after its arrival ranks as if it arrived then (µs). */
  lateUs: number;
}

const arriveOutcome = (row: PlaceRow & { outcome: string; arrived: string | null }): ArriveOutcome => {
  if (row.outcome === 'pending') return { outcome: 'pending', arrived: Number(row.arrived) };
  if (row.outcome === 'place') return { outcome: 'place', ...toPlace(row) };
  return { outcome: row.outcome } as ArriveOutcome;
};

const enterOutcome = (row: PlaceRow & { outcome: string }): EnterOutcome =>
  row.outcome === 'new' || row.outcome === 'place'
    ? ({ outcome: row.outcome, ...toPlace(row) } as EnterOutcome)
    : ({ outcome: row.outcome } as EnterOutcome);

/** Flash sale campaigns (content), their tallies and the shoppers' places (live; a re-seed never touches them). */
export function flashSalesRepository(db: Database) {
  /** Many asks in one statement: `flash_arrive` for each, answers in the asks' order. */
  const arriveAll = async (asks: FlashAsk[]): Promise<ArriveOutcome[]> => {
    const rows = await db.query<PlaceRow & { outcome: string; arrived: string | null }>(
      `SELECT a.outcome, a.seq, a.state, a.place_position, a.pay_until, a.order_id::text AS order_id, a.units,
         a.arrived::text AS arrived
       FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[],
                   $9::bigint[])
         WITH ORDINALITY AS i (sale_id, user_id, commodity_id, quantity, device_id, address, url_local, arrival,
                               late_us, n)
       CROSS JOIN LATERAL flash_arrive(i.sale_id, i.user_id, i.commodity_id, i.quantity, i.device_id, i.address,
                                       i.url_local, i.arrival, i.late_us) a
       ORDER BY i.n`,
      [
        asks.map((a) => a.saleId),
        asks.map((a) => a.userId),
        asks.map((a) => a.commodityId),
        asks.map((a) => a.quantity),
        asks.map((a) => a.deviceId),
        asks.map((a) => a.address),
        asks.map((a) => a.urlLocal),
        asks.map((a) => Math.round(a.arrival)),
        asks.map((a) => Math.round(a.lateUs)),
      ],
    );
    return rows.map(arriveOutcome);
  };
  /** Many shoppers' outcomes in one statement (`flash_outcome` for each), in the order asked. */
  const outcome = batched(
    async (asks: { saleId: string; userId: number }[]): Promise<EnterOutcome[]> => {
      const rows = await db.query<PlaceRow & { outcome: string }>(
        `SELECT o.outcome, o.seq, o.state, o.place_position, o.pay_until, o.order_id::text AS order_id, o.units
         FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS i (sale_id, user_id, n)
         CROSS JOIN LATERAL flash_outcome(i.sale_id, i.user_id) o
         ORDER BY i.n`,
        [asks.map((a) => a.saleId), asks.map((a) => a.userId)],
      );
      return rows.map(enterOutcome);
    },
    { maxBatch: 500, inFlight: 1 },
  );

  return {
    /** One sale with its tally, or null. */
    async sale(id: string): Promise<FlashSaleNow | null> {
      const rows = await db.query<SaleRow>(
        `SELECT ${SALE_COLUMNS} FROM flash_sales s LEFT JOIN flash_sale_tallies t ON t.sale_id = s.id WHERE s.id = $1`,
        [id],
      );
      return rows[0] ? toSale(rows[0]) : null;
    },

    /** The country's sales (or one product's) that have not ended more than a day ago, soonest first. */
    async list(local: string, productId?: string): Promise<FlashSaleNow[]> {
      const rows = await db.query<SaleRow>(
        `SELECT ${SALE_COLUMNS} FROM flash_sales s LEFT JOIN flash_sale_tallies t ON t.sale_id = s.id
         WHERE s.local = $1 AND ($2::text IS NULL OR s.product_id = $2) AND s.ends_at > now() - interval '1 day'
         ORDER BY s.starts_at, s.id`,
        [local, productId ?? null],
      );
      return rows.map(toSale);
    },

    /** Every sale still live or upcoming (the windows each process keeps in memory). */
    async current(): Promise<FlashSaleNow[]> {
      const rows = await db.query<SaleRow>(
        `SELECT ${SALE_COLUMNS} FROM flash_sales s LEFT JOIN flash_sale_tallies t ON t.sale_id = s.id
         WHERE s.ends_at > now()`,
      );
      return rows.map(toSale);
    },

    /**
     * Records an ask for a place (SQL `flash_arrive`, migration 053): the shopper's existing place, a refusal known
     * now, or `pending` with the arrival (µs since the epoch) it ranks by once settled. Asks made while others are on
     * their way to the database leave together, one statement for the lot (a sale's start second is thousands).
     */
    arrive: batched(arriveAll, { maxBatch: 500, inFlight: 1 }),

    /**
     * Admits the sale's pending asks that arrived at least `settleUs` ago, in arrival order, under the sale's lock
     * (SQL `flash_settle`); returns the asks settled.
     */
    async settle(saleId: string, addressLimit: number, settleUs: number): Promise<number> {
      const rows = await db.query<{ n: number }>(`SELECT flash_settle($1, $2, $3) AS n`, [
        saleId,
        addressLimit,
        Math.round(settleUs),
      ]);
      return rows[0]?.n ?? 0;
    },

    /** What the shopper's ask got once settled (SQL `flash_outcome`): a place, a refusal, or `pending`; batched too. */
    outcome: (saleId: string, userId: number): Promise<EnterOutcome> => outcome({ saleId, userId }),

    /** Sales with asks not settled that arrived at least `settleUs` ago (a process killed before settling them). */
    async withPendingArrivals(settleUs: number): Promise<string[]> {
      const rows = await db.query<{ sale_id: string }>(
        `SELECT DISTINCT sale_id FROM flash_arrivals WHERE outcome IS NULL AND arrived <= flash_clock_us() - $1`,
        [Math.round(settleUs)],
      );
      return rows.map((r) => r.sale_id);
    },

    /** The shopper's place in a sale now, with its position in the line while waiting. */
    async place(saleId: string, userId: number): Promise<FlashPlace | null> {
      const rows = await db.query<PlaceRow>(
        `SELECT p.seq,
           CASE WHEN p.state = 'won' AND o.paid_at IS NOT NULL THEN 'paid'
             -- In line behind units all paid for (or past the sale's end), no unit can come free any more.
             WHEN p.state = 'waiting' AND (now() >= s.ends_at OR flash_paid_units(p.sale_id) >= s.units)
               THEN 'sold_out'
             ELSE p.state END AS state,
           (SELECT count(*)::int + 1 FROM flash_places w
             WHERE w.sale_id = p.sale_id AND w.state = 'waiting' AND w.seq < p.seq) AS place_position,
           p.pay_until, p.order_id::text AS order_id, p.quantity AS units
         FROM flash_places p JOIN flash_sales s ON s.id = p.sale_id LEFT JOIN orders o ON o.id = p.order_id
         WHERE p.sale_id = $1 AND p.user_id = $2`,
        [saleId, userId],
      );
      return rows[0] ? toPlace(rows[0]) : null;
    },

    /** The accounts holding a place in the sale (any state): read once when it sells out. */
    async holders(saleId: string): Promise<Set<number>> {
      const rows = await db.query<{ user_id: number }>(`SELECT user_id FROM flash_places WHERE sale_id = $1`, [saleId]);
      return new Set(rows.map((r) => r.user_id));
    },

    /** Releases unpaid places past their window; their units go to the next in line (SQL `flash_release`). */
    async release(saleId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(`SELECT flash_release($1) AS n`, [saleId]);
      return rows[0]?.n ?? 0;
    },

    /**
     * Sales with a won place to release or settle: past its payment window, or whose order was cancelled or paid
     * (what the release sweep visits).
     */
    async withDuePlaces(): Promise<string[]> {
      const rows = await db.query<{ sale_id: string }>(
        `SELECT DISTINCT f.sale_id FROM flash_places f LEFT JOIN orders o ON o.id = f.order_id
         WHERE f.state = 'won' AND (f.pay_until < now() OR o.state = 'cancelled' OR o.paid_at IS NOT NULL)`,
      );
      return rows.map((r) => r.sale_id);
    },

    /** Unpaid orders of won places past their payment window (closed by the order machinery, then released). */
    async dueOrders(limit = 100): Promise<string[]> {
      const rows = await db.query<{ order_id: string }>(
        `SELECT f.order_id::text AS order_id FROM flash_places f JOIN orders o ON o.id = f.order_id
         WHERE f.state = 'won' AND f.pay_until < now() AND o.state = 'unpaid' ORDER BY f.pay_until LIMIT $1`,
        [limit],
      );
      return rows.map((r) => r.order_id);
    },

    /** Won places that have no order yet (a restart between the place and its order, a release, no address). */
    async wonWithoutOrder(limit = 100): Promise<WonPlace[]> {
      const rows = await db.query<{ sale_id: string; user_id: number; url_local: string }>(
        `SELECT sale_id, user_id, url_local FROM flash_places
         WHERE state = 'won' AND order_id IS NULL AND pay_until > now() ORDER BY pay_until LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({ saleId: r.sale_id, userId: r.user_id, urlLocal: r.url_local }));
    },

    /** The shopper's won place without an order (its storefront), or null. */
    async wonPlace(saleId: string, userId: number): Promise<WonPlace | null> {
      const rows = await db.query<{ url_local: string }>(
        `SELECT url_local FROM flash_places WHERE sale_id = $1 AND user_id = $2 AND state = 'won'
           AND order_id IS NULL AND pay_until > now()`,
        [saleId, userId],
      );
      return rows[0] ? { saleId, userId, urlLocal: rows[0].url_local } : null;
    },

    /** Ties a won place to its order, in the order's transaction; false when the place is no longer won. */
    async attachOrderIn(tx: Queryable, saleId: string, userId: number, orderId: string): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE flash_places SET order_id = $3 WHERE sale_id = $1 AND user_id = $2 AND state = 'won'
           AND order_id IS NULL RETURNING seq`,
        [saleId, userId, orderId],
      );
      return rows.length > 0;
    },

    /**
     * Locks a won place without an order (its order is being written) and reads what the order sells: the sale's
     * price and the version as the catalogue names it; null when there is no such place (or it has its order).
     */
    async wonForOrderIn(tx: Queryable, saleId: string, userId: number): Promise<WonForOrder | null> {
      const rows = await tx.query<WonForOrderRow>(
        `SELECT f.commodity_id, f.quantity, f.pay_until, s.local, s.sale_price::float8 AS sale_price, s.currency,
           p.id AS product_id, p.category, p.name, p.image, c.first_spec_value, c.second_spec_value,
           o.market_price::float8 AS market_price, o.currency AS offer_currency
         FROM flash_places f
         JOIN flash_sales s ON s.id = f.sale_id
         JOIN commodities c ON c.commodity_id = f.commodity_id
         JOIN products p ON p.id = c.product_id
         LEFT JOIN offers o ON o.commodity_id = f.commodity_id AND o.local = s.local
         WHERE f.sale_id = $1 AND f.user_id = $2 AND f.state = 'won' AND f.order_id IS NULL AND f.pay_until > now()
         FOR UPDATE OF f`,
        [saleId, userId],
      );
      const r = rows[0];
      if (!r) return null;
      return {
        commodityId: r.commodity_id,
        quantity: r.quantity,
        payUntil: new Date(r.pay_until),
        local: r.local,
        salePrice: r.sale_price,
        currency: r.currency,
        productId: r.product_id,
        category: r.category,
        name: r.name,
        spec: [r.first_spec_value, r.second_spec_value].filter(Boolean).join(' · '),
        image: r.image,
        marketPrice: r.offer_currency === r.currency ? r.market_price : null,
      };
    },

    /** The versions named that are not the product's offers in the country (a sale sells only those). */
    async notOffered(local: string, productId: string, commodityIds: readonly string[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT x.id FROM unnest($3::text[]) AS x(id)
         WHERE NOT EXISTS (SELECT 1 FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id
                           WHERE c.commodity_id = x.id AND c.product_id = $2 AND o.local = $1)`,
        [local, productId, commodityIds],
      );
      return rows.map((r) => r.id);
    },

    /**
     * Sets a sale (operators and the seed): the campaign row, and its tally if it has none. Units and windows may
     * move; places already given stay.
     */
    async upsert(sale: FlashSale): Promise<void> {
      await db.transaction(async (tx) => {
        await upsertSalesIn(tx, [sale]);
        // Every process reads the sale again into its gate (server/flash-sales/index.ts).
        await tx.query(`SELECT pg_notify('flash_sale', $1 || ' changed')`, [sale.id]);
      });
    },
  };
}

/** Writes campaign rows and creates missing tallies (the seed calls this in its own transaction). */
export async function upsertSalesIn(tx: Queryable, sales: readonly FlashSale[]): Promise<void> {
  if (sales.length === 0) return;
  const rows = sales.map((s) => ({
    id: s.id,
    local: s.local,
    product_id: s.productId,
    commodity_ids: s.commodityIds,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    units: s.units,
    oversubscription: s.oversubscription,
    sale_price: s.salePrice,
    currency: s.currency,
    per_account_limit: s.perAccountLimit,
    fcode_required: s.fcodeRequired,
    min_club_level: s.minClubLevel,
    waiting_room: s.waitingRoom,
    payment_window_seconds: s.paymentWindowSeconds,
  }));
  await tx.query(
    `INSERT INTO flash_sales (id, local, product_id, commodity_ids, starts_at, ends_at, units, oversubscription,
       sale_price, currency, per_account_limit, fcode_required, min_club_level, waiting_room, payment_window_seconds)
     SELECT id, local, product_id, ARRAY(SELECT jsonb_array_elements_text(commodity_ids)), starts_at, ends_at, units,
       oversubscription, sale_price, currency, per_account_limit, fcode_required, min_club_level, waiting_room,
       payment_window_seconds
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, local text, product_id text, commodity_ids jsonb,
       starts_at timestamptz, ends_at timestamptz, units int, oversubscription int, sale_price bigint, currency text,
       per_account_limit int, fcode_required boolean, min_club_level text, waiting_room boolean,
       payment_window_seconds int)
     ON CONFLICT (id) DO UPDATE SET local = EXCLUDED.local, product_id = EXCLUDED.product_id,
       commodity_ids = EXCLUDED.commodity_ids, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
       units = EXCLUDED.units, oversubscription = EXCLUDED.oversubscription, sale_price = EXCLUDED.sale_price,
       currency = EXCLUDED.currency, per_account_limit = EXCLUDED.per_account_limit,
       fcode_required = EXCLUDED.fcode_required, min_club_level = EXCLUDED.min_club_level,
       waiting_room = EXCLUDED.waiting_room, payment_window_seconds = EXCLUDED.payment_window_seconds`,
    [JSON.stringify(rows)],
  );
  await tx.query(
    `INSERT INTO flash_sale_tallies (sale_id) SELECT unnest($1::text[]) ON CONFLICT (sale_id) DO NOTHING`,
    [rows.map((r) => r.id)],
  );
}

export type FlashSalesRepository = ReturnType<typeof flashSalesRepository>;
