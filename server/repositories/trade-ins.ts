import type { Database, Queryable } from '../db/types';
import { toMinor } from '../../region-config/money';
import { valueDevice, type TradeInQuestion } from '../orders/trade-in-value';
import { tradeInDiscount, type TradeInOffer, type UsableTradeIn } from '../orders/trade-in-discount';

/** The stored states: `expired` is only shown (server/schemas/trade-in.ts). */
export type TradeInState = Exclude<import('../schemas/trade-in').TradeInState, 'expired'>;

/** The trade-in timing a programme shows. */
export interface TradeInTiming {
  pickupDays: number;
  refundDays: number;
  rebateBusinessDays: number;
}

/** A country's programme as the evaluator shows it (money in minor units of `currency`). */
export interface TradeInProgramme {
  local: string;
  currency: string;
  validityDays: number;
  timing: TradeInTiming;
  questions: TradeInQuestion[];
  models: { id: string; brand: string; model: string; storages: { storage: string; baseValue: number }[] }[];
  /** Eligible new phones; `fromPrice` is the lowest price of a version on sale here (null when none is). */
  phones: (TradeInOffer & { name: string; image: string; fromPrice: number | null })[];
}

export interface TradeInRow {
  id: string;
  user_id: number;
  local: string;
  model_id: string;
  brand: string;
  model: string;
  storage: string;
  answers: Record<string, string>;
  imei: string;
  currency: string;
  base_value: number;
  exchange_value: number;
  offers: TradeInOffer[];
  product_id: string | null;
  bonus: number | null;
  subsidy: number | null;
  state: TradeInState;
  order_id: string | null;
  order_state: string | null;
  /** Name of the new phone it went to. */
  product_name: string | null;
  valid_until: Date;
  cancel_reason: string | null;
  created_at: Date;
  redeemed_at: Date | null;
  picked_up_at: Date | null;
  assessed_at: Date | null;
  closed_at: Date | null;
  cancelled_at: Date | null;
}

export interface EvaluationInput {
  modelId: string;
  storage: string;
  answers: Record<string, string>;
  imei: string;
}

export type EvaluateResult =
  | { ok: true; tradeIn: TradeInRow }
  | { ok: false; reason: 'not_offered' | 'model' | 'storage' | 'imei_in_use' }
  | { ok: false; reason: 'answers'; missing: string[]; unknown: string[] };

export type CancelResult =
  | { ok: true; tradeIn: TradeInRow }
  | { ok: false; reason: 'not_found' | 'redeemed' | 'not_cancellable' };

/** States of a live trade-in: an account holds one per device (a partial unique index). */
export const ACTIVE_STATES: readonly TradeInState[] = ['evaluated', 'redeemed', 'picked_up', 'assessed'];
/** States in which the device is exchanged in an order: one per device across all accounts (a partial unique index). */
const HELD = `('redeemed', 'picked_up', 'assessed')`;
/** True when another trade-in of the device of trade-in `t` is exchanged in an order. */
const HELD_ELSEWHERE = `EXISTS (SELECT 1 FROM trade_ins h WHERE h.imei = t.imei AND h.id <> t.id
                        AND h.state IN ${HELD})`;

/** After redemption the exchange moves only forward (an exchange is not cancelled after redemption). */
const NEXT: Partial<Record<TradeInState, readonly TradeInState[]>> = {
  redeemed: ['picked_up'],
  picked_up: ['assessed'],
  assessed: ['refunded', 'completed'],
};
const STAMP: Partial<Record<TradeInState, string>> = {
  picked_up: 'picked_up_at',
  assessed: 'assessed_at',
  refunded: 'closed_at',
  completed: 'closed_at',
};

const COLUMNS = `t.id::text AS id, t.user_id, t.local, t.model_id, t.brand, t.model, t.storage, t.answers, t.imei,
  t.currency,
  t.base_value::float8 AS base_value, t.exchange_value::float8 AS exchange_value, t.offers, t.product_id,
  t.bonus::float8 AS bonus, t.subsidy::float8 AS subsidy, t.state, t.order_id::text AS order_id, o.state AS order_state,
  p.name AS product_name,
  t.valid_until, t.cancel_reason, t.created_at, t.redeemed_at, t.picked_up_at, t.assessed_at, t.closed_at,
  t.cancelled_at`;
const FROM = `FROM trade_ins t LEFT JOIN orders o ON o.id = t.order_id LEFT JOIN products p ON p.id = t.product_id`;

/**
 * Trade-ins: a shopper evaluates an old device against the country's programme and gets an exchange
 * value (plus the bonus and subsidy of each eligible new phone), valid for the programme's days. A quote holds
 * nothing: any account may evaluate any device, so typing someone's IMEI first cannot lock its owner out. The
 * checkout redeems it with the order in the order's transaction (one conditional update: parallel redemptions of
 * one trade-in succeed once; a device is in one order at a time across accounts), a cancelled unpaid order gives
 * it back, and once redeemed it cannot be cancelled.
 */
export function tradeInsRepository(db: Database) {
  async function one(q: Queryable, where: string, params: unknown[]): Promise<TradeInRow | null> {
    return (await q.query<TradeInRow>(`SELECT ${COLUMNS} ${FROM} WHERE ${where}`, params))[0] ?? null;
  }

  return {
    /** The programme of a country, or null where trade-in is not offered. */
    async programme(local: string): Promise<TradeInProgramme | null> {
      const head = (
        await db.query<{
          currency: string;
          validity_days: number;
          timing: TradeInTiming;
          questions: TradeInQuestion[];
        }>(`SELECT currency, validity_days, timing, questions FROM trade_in_programs WHERE local = $1`, [local])
      )[0];
      if (!head) return null;
      const values = await db.query<{ id: string; brand: string; model: string; storage: string; base_value: number }>(
        `SELECT m.id, m.brand, m.model, v.storage, v.base_value::float8 AS base_value
         FROM trade_in_models m JOIN trade_in_values v ON v.local = m.local AND v.model_id = m.id
         WHERE m.local = $1 ORDER BY m.position, v.position`,
        [local],
      );
      const models = new Map<string, TradeInProgramme['models'][number]>();
      for (const v of values) {
        let model = models.get(v.id);
        if (!model) models.set(v.id, (model = { id: v.id, brand: v.brand, model: v.model, storages: [] }));
        model.storages.push({ storage: v.storage, baseValue: v.base_value });
      }
      const phones = await db.query<{
        product_id: string;
        bonus: number;
        subsidy: number;
        name: string;
        image: string;
        from_price: string | null;
        currency: string | null;
      }>(
        `SELECT ph.product_id, ph.bonus::float8 AS bonus, ph.subsidy::float8 AS subsidy, p.name, p.image,
           (SELECT min(o.sale_price)::text FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id
           AND o.local = ph.local AND o.on_sale WHERE c.product_id = ph.product_id) AS from_price,
           (SELECT min(o.currency) FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id
           AND o.local = ph.local AND o.on_sale WHERE c.product_id = ph.product_id) AS currency
         FROM trade_in_phones ph JOIN products p ON p.id = ph.product_id
         WHERE ph.local = $1 ORDER BY ph.position`,
        [local],
      );
      return {
        local,
        currency: head.currency,
        validityDays: head.validity_days,
        timing: head.timing,
        questions: head.questions,
        models: [...models.values()],
        phones: phones.map((p) => ({
          productId: p.product_id,
          bonus: p.bonus,
          subsidy: p.subsidy,
          name: p.name,
          image: p.image,
          fromPrice:
            p.from_price !== null && p.currency === head.currency ? toMinor(Number(p.from_price), head.currency) : null,
        })),
      };
    },

    /**
     * Evaluates a device for the user: the value comes from the programme (never from the client). A device that
     * is not eligible is recorded as not_evaluated. Other accounts' trade-ins of the device do not matter here
     * (the device is checked at redemption); the user holds one active trade-in per device: their earlier
     * evaluation of it is replaced (an expired one cancelled as such), and their exchange under way refuses
     * ('imei_in_use').
     */
    async evaluate(userId: number, local: string, input: EvaluationInput): Promise<EvaluateResult> {
      const programme = await this.programme(local);
      if (!programme) return { ok: false, reason: 'not_offered' };
      const model = programme.models.find((m) => m.id === input.modelId);
      if (!model) return { ok: false, reason: 'model' };
      const storage = model.storages.find((s) => s.storage === input.storage);
      if (!storage) return { ok: false, reason: 'storage' };
      const valuation = valueDevice(storage.baseValue, programme.questions, input.answers);
      if (!valuation.ok)
        return { ok: false, reason: 'answers', missing: valuation.missing, unknown: valuation.unknown };
      const offers: TradeInOffer[] = programme.phones.map((p) => ({
        productId: p.productId,
        bonus: p.bonus,
        subsidy: p.subsidy,
      }));
      return db.transaction(async (tx) => {
        await tx.query(
          `UPDATE trade_ins SET state = 'cancelled', cancelled_at = now(), updated_at = now(),
             cancel_reason = CASE WHEN valid_until <= now() THEN 'expired' ELSE 'replaced' END
           WHERE imei = $1 AND user_id = $2 AND state = 'evaluated'`,
          [input.imei, userId],
        );
        const state: TradeInState = valuation.eligible ? 'evaluated' : 'not_evaluated';
        const rows = await tx.query<{ id: string }>(
          `INSERT INTO trade_ins (user_id, local, model_id, brand, model, storage, answers, imei, currency, base_value,
             exchange_value, offers, state, valid_until)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12::jsonb, $13,
             now() + make_interval(days => $14::int))
           ON CONFLICT (user_id, imei) WHERE state IN ('evaluated', 'redeemed', 'picked_up', 'assessed') DO NOTHING
           RETURNING id::text AS id`,
          [
            userId,
            local,
            model.id,
            model.brand,
            model.model,
            storage.storage,
            JSON.stringify(input.answers),
            input.imei,
            programme.currency,
            storage.baseValue,
            valuation.exchangeValue,
            JSON.stringify(valuation.eligible ? offers : []),
            state,
            programme.validityDays,
          ],
        );
        const id = rows[0]?.id;
        if (!id) return { ok: false as const, reason: 'imei_in_use' as const };
        return { ok: true as const, tradeIn: (await one(tx, 't.id = $1::bigint', [id]))! };
      });
    },

    /** The user's trade-ins in the country, newest first. */
    async list(userId: number, local: string): Promise<TradeInRow[]> {
      return db.query<TradeInRow>(
        `SELECT ${COLUMNS} ${FROM} WHERE t.user_id = $1 AND t.local = $2 ORDER BY t.created_at DESC, t.id DESC`,
        [userId, local],
      );
    },

    /** One of the user's trade-ins in the country, or null (someone else's is null too). */
    async get(q: Queryable, userId: number, local: string, id: string): Promise<TradeInRow | null> {
      return one(q, 't.id = $1::bigint AND t.user_id = $2 AND t.local = $3', [id, userId, local]);
    },

    /** Cancels an evaluated trade-in of the user; an exchange is not cancelled after redemption. */
    async cancel(userId: number, local: string, id: string): Promise<CancelResult> {
      return db.transaction(async (tx) => {
        const done = await tx.query<{ id: string }>(
          `UPDATE trade_ins SET state = 'cancelled', cancelled_at = now(), updated_at = now(), cancel_reason = 'shopper'
           WHERE id = $1::bigint AND user_id = $2 AND local = $3 AND state = 'evaluated' RETURNING id::text AS id`,
          [id, userId, local],
        );
        const row = await one(tx, 't.id = $1::bigint AND t.user_id = $2 AND t.local = $3', [id, userId, local]);
        if (!row) return { ok: false as const, reason: 'not_found' as const };
        if (done[0] || row.state === 'cancelled') return { ok: true as const, tradeIn: row };
        return {
          ok: false as const,
          reason: row.state === 'not_evaluated' ? ('not_cancellable' as const) : ('redeemed' as const),
        };
      });
    },

    /**
     * The user's trade-in if the checkout may use it: evaluated, not expired, in this country, and its device not
     * exchanged in another order (another account's); else null.
     */
    async usable(q: Queryable, userId: number, local: string, id: string): Promise<UsableTradeIn | null> {
      if (!/^[0-9]{1,18}$/.test(id)) return null;
      const row = await one(
        q,
        `t.id = $1::bigint AND t.user_id = $2 AND t.local = $3 AND t.state = 'evaluated' AND t.valid_until > now()
         AND NOT ${HELD_ELSEWHERE}`,
        [id, userId, local],
      );
      return row
        ? {
            id: row.id,
            currency: row.currency,
            exchangeValue: row.exchange_value,
            offers: row.offers,
            validUntil: new Date(row.valid_until),
          }
        : null;
    },

    /**
     * Redeems the trade-in with the order, inside the order's transaction: evaluated → redeemed in one conditional
     * update, so of parallel redemptions one wins and the others get false (and must roll back). A device is in one
     * order at a time: another account's quote of the same IMEI gets false while this exchange is under way. The
     * device's lock makes parallel redemptions of one IMEI by several accounts apply one after another, so the
     * later one sees the first and is refused (instead of failing on the unique index). `productId` is the new
     * phone it went to (tradeInDiscount's); without it the phone is found among the order's lines the same way.
     * Its bonus and subsidy are recorded as quoted.
     */
    async redeemIn(tx: Queryable, userId: number, id: string, orderId: string, productId?: string): Promise<boolean> {
      if (!/^[0-9]{1,18}$/.test(id) || !/^[0-9]{1,18}$/.test(orderId)) return false;
      const device = (
        await tx.query<{ imei: string }>(`SELECT imei FROM trade_ins WHERE id = $1::bigint AND user_id = $2`, [
          id,
          userId,
        ])
      )[0];
      if (!device) return false;
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('trade-in-device'), hashtext($1))`, [device.imei]);
      let phone = productId ?? null;
      if (!phone) {
        const quoted = (
          await tx.query<{ exchange_value: number; offers: TradeInOffer[] }>(
            `SELECT exchange_value::float8 AS exchange_value, offers FROM trade_ins WHERE id = $1::bigint`,
            [id],
          )
        )[0];
        const lines = await tx.query<{
          commodity_id: string;
          product_id: string;
          category: string;
          unit_price: number;
          quantity: number;
        }>(
          `SELECT l.commodity_id, l.product_id, p.category, l.unit_price::float8 AS unit_price, l.quantity
           FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = $1::bigint ORDER BY l.line_no`,
          [orderId],
        );
        const effect = quoted
          ? tradeInDiscount(
              lines.map((l) => ({
                commodityId: l.commodity_id,
                productId: l.product_id,
                category: l.category,
                unitPrice: l.unit_price,
                quantity: l.quantity,
                problem: null,
              })),
              { exchangeValue: quoted.exchange_value, offers: quoted.offers },
            )
          : null;
        phone = effect?.ok ? effect.productId : null;
      }
      const rows = await tx.query(
        `UPDATE trade_ins t SET state = 'redeemed', order_id = $3::bigint, redeemed_at = now(), updated_at = now(),
           product_id = x.product_id, bonus = x.bonus, subsidy = x.subsidy
         FROM (SELECT id,
                 $4::text AS product_id,
                 (SELECT (e->>'bonus')::bigint FROM jsonb_array_elements(offers) e WHERE
                 e->>'productId' = $4::text) AS bonus,
                 (SELECT (e->>'subsidy')::bigint FROM jsonb_array_elements(offers) e WHERE
                 e->>'productId' = $4::text) AS subsidy
               FROM trade_ins WHERE id = $1::bigint) x
         WHERE t.id = x.id AND t.user_id = $2 AND t.state = 'evaluated' AND t.valid_until > now()
           AND NOT ${HELD_ELSEWHERE}
         RETURNING t.id`,
        [id, userId, orderId, phone],
      );
      return rows.length === 1;
    },

    /** A cancelled unpaid order gives its trade-in back: redeemed → evaluated (it may have expired meanwhile). */
    async releaseIn(tx: Queryable, orderId: string): Promise<number> {
      const rows = await tx.query(
        `UPDATE trade_ins SET state = 'evaluated', order_id = NULL, redeemed_at = NULL, product_id = NULL, bonus = NULL,
           subsidy = NULL, updated_at = now()
         WHERE order_id = $1::bigint AND state = 'redeemed' RETURNING id`,
        [orderId],
      );
      return rows.length;
    },

    /**
     * Moves a redeemed exchange forward as logistics and the assessment report it (picked_up → assessed →
     * refunded/completed); false when the trade-in is not in a state that may move there.
     */
    async advance(q: Queryable, id: string, to: TradeInState): Promise<boolean> {
      const from = Object.entries(NEXT)
        .filter(([, next]) => next.includes(to))
        .map(([state]) => state);
      const stamp = STAMP[to];
      if (from.length === 0 || !stamp || !/^[0-9]{1,18}$/.test(id)) return false;
      const rows = await q.query(
        `UPDATE trade_ins SET state = $2, ${stamp} = now(), updated_at = now()
         WHERE id = $1::bigint AND state = ANY($3::text[]) RETURNING id`,
        [id, to, from],
      );
      return rows.length === 1;
    },
  };
}

export type TradeInsRepository = ReturnType<typeof tradeInsRepository>;
