import { randomInt } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import type { CheckoutGiftCard } from '../orders/gift-card-payment';

/** A gift card that takes a refund after it expired is valid again for this many days. */
export const REFUNDED_GIFT_CARD_DAYS = 365;
import {
  GIFT_CARD_PRODUCT_ID,
  GIFT_CARD_REDEEMABLE_AFTER_HOURS,
  GIFT_CARD_VALID_YEARS,
  normaliseGiftCardCode,
} from '../../sites/gift-cards';

export interface GiftCardRow {
  id: string;
  code: string;
  local: string;
  currency: string;
  initial_amount: number;
  balance: number;
  bought_by: number | null;
  owner_id: number | null;
  redeemable_from: Date;
  expires_at: Date;
  created_at: Date;
}

/** Why a typed code cannot pay (another user's card reads as unknown, so codes cannot be probed). */
export type GiftCardProblem = 'unknown' | 'not_yet' | 'expired' | 'empty';

const COLUMNS = `id::text AS id, code, local, currency, initial_amount::float8 AS initial_amount,
  balance::float8 AS balance, bought_by, owner_id,
  redeemable_from, expires_at, created_at`;
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  return Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * Gift cards (redeemable after 24 hours, at most 10 per order). A paid order of gift-card lines issues one card per
 * unit (unbound: the buyer gives the code away); the card belongs to whoever adds it or first pays with it. Spending is
 * a conditional debit in the order's transaction, so parallel orders never take more than the balance; a cancelled
 * unpaid order gives it back.
 */
export function giftCardsRepository(db: Database) {
  /** A card the user may pay with, or why not. */
  function problemOf(row: GiftCardRow | undefined, userId: number, local: string): GiftCardProblem | null {
    if (!row || row.local !== local || (row.owner_id !== null && row.owner_id !== userId)) return 'unknown';
    if (new Date(row.expires_at).getTime() <= Date.now()) return 'expired';
    if (new Date(row.redeemable_from).getTime() > Date.now()) return 'not_yet';
    if (row.balance <= 0) return 'empty';
    return null;
  }

  return {
    /** The cards behind typed codes, in the order typed (duplicates once), or the first code that cannot pay. */
    async resolve(
      q: Queryable,
      userId: number,
      local: string,
      codes: readonly string[],
    ): Promise<{ ok: true; cards: CheckoutGiftCard[] } | { ok: false; code: string; problem: GiftCardProblem }> {
      const wanted = [...new Set(codes.map(normaliseGiftCardCode))];
      if (wanted.length === 0) return { ok: true, cards: [] };
      const rows = await q.query<GiftCardRow>(`SELECT ${COLUMNS} FROM gift_cards WHERE code = ANY($1::text[])`, [
        wanted,
      ]);
      const byCode = new Map(rows.map((r) => [r.code, r]));
      const cards: CheckoutGiftCard[] = [];
      for (const code of wanted) {
        const row = byCode.get(code);
        const problem = problemOf(row, userId, local);
        if (problem) return { ok: false, code, problem };
        cards.push({ id: row!.id, code, balance: row!.balance, currency: row!.currency });
      }
      return { ok: true, cards };
    },

    /** Takes `amount` from a card for an order; false when it no longer holds that much (or someone else owns it). */
    async spendIn(tx: Queryable, userId: number, cardId: string, orderId: string, amount: number): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE gift_cards SET balance = balance - $3, owner_id = coalesce(owner_id, $2)
         WHERE id = $1 AND balance >= $3 AND (owner_id IS NULL OR owner_id = $2) AND redeemable_from <= now()
           AND expires_at > now() RETURNING id`,
        [cardId, userId, amount],
      );
      if (rows.length === 0) return false;
      await tx.query(`INSERT INTO gift_card_uses (gift_card_id, order_id, amount) VALUES ($1, $2, $3)`, [
        cardId,
        orderId,
        amount,
      ]);
      return true;
    },

    /** A cancelled unpaid order gives back what it took from each card. */
    async returnIn(tx: Queryable, orderId: string): Promise<void> {
      const uses = await tx.query<{ gift_card_id: string; amount: number }>(
        `UPDATE gift_card_uses SET returned_at = now() WHERE order_id = $1 AND returned_at IS NULL
         RETURNING gift_card_id::text AS gift_card_id, amount::float8 AS amount`,
        [orderId],
      );
      for (const use of uses.sort((a, b) => a.gift_card_id.localeCompare(b.gift_card_id))) {
        await tx.query(`UPDATE gift_cards SET balance = balance + $2 WHERE id = $1`, [use.gift_card_id, use.amount]);
      }
    },

    /**
     * A refund part goes back to a card the order was paid with, in the refund's transaction. A card that expired
     * meanwhile is valid again for REFUNDED_GIFT_CARD_DAYS, so the money given back can still be spent.
     */
    async creditIn(tx: Queryable, cardId: string, amount: number): Promise<void> {
      await tx.query(
        `UPDATE gift_cards SET balance = balance + $2,
           expires_at = greatest(expires_at, now() + make_interval(days => $3)) WHERE id = $1`,
        [cardId, amount, REFUNDED_GIFT_CARD_DAYS],
      );
    },

    /**
     * The cards an order bought, when it is cancelled after payment: void (nothing left to spend) while none of them
     * was spent from; `used` (and nothing changes) when one was. Their rows are locked first, so a parallel
     * payment with one of them either spends before (then `used`) or finds it empty.
     */
    async voidBoughtIn(tx: Queryable, orderId: string): Promise<{ voided: number } | 'used'> {
      const cards = await tx.query<{ id: string; used: boolean }>(
        `SELECT id::text AS id, (balance < initial_amount OR EXISTS (SELECT 1 FROM gift_card_uses u
           WHERE u.gift_card_id = gift_cards.id AND u.returned_at IS NULL)) AS used
         FROM gift_cards WHERE source_order_id = $1 AND voided_at IS NULL ORDER BY id FOR UPDATE`,
        [orderId],
      );
      if (cards.some((c) => c.used)) return 'used';
      if (cards.length === 0) return { voided: 0 };
      await tx.query(
        `UPDATE gift_cards SET balance = 0, voided_at = now() WHERE source_order_id = $1 AND voided_at IS NULL`,
        [orderId],
      );
      return { voided: cards.length };
    },

    /**
     * Issues the cards a just-paid order bought (one per unit of each gift-card line); returns their codes and values.
     */
    async issueIn(
      tx: Queryable,
      order: { id: string; user_id: number; local: string; currency: string },
    ): Promise<{ code: string; amount: number; redeemableFrom: Date }[]> {
      const lines = await tx.query<{ unit_price: number; quantity: number }>(
        `SELECT unit_price::float8 AS unit_price, quantity FROM order_lines WHERE order_id = $1 AND product_id = $2
         ORDER BY line_no`,
        [order.id, GIFT_CARD_PRODUCT_ID],
      );
      const issued: { code: string; amount: number; redeemableFrom: Date }[] = [];
      for (const line of lines) {
        for (let i = 0; i < line.quantity; i++) {
          const row = (
            await tx.query<{ code: string; redeemable_from: Date }>(
              `INSERT INTO gift_cards (code, local, currency, initial_amount, balance, bought_by, source_order_id,
                 redeemable_from, expires_at)
             VALUES ($1, $2, $3, $4, $4, $5, $6, now() + make_interval(hours => $7), now() + make_interval(years => $8))
             ON CONFLICT (code) DO NOTHING RETURNING code, redeemable_from`,
              [
                newCode(),
                order.local,
                order.currency,
                line.unit_price,
                order.user_id,
                order.id,
                GIFT_CARD_REDEEMABLE_AFTER_HOURS,
                GIFT_CARD_VALID_YEARS,
              ],
            )
          )[0];
          if (row) issued.push({ code: row.code, amount: line.unit_price, redeemableFrom: row.redeemable_from });
          else i--; // a code collision (1 in 31^16): draw again
        }
      }
      return issued;
    },

    /** A card customer service issues (a goodwill gesture): nobody's yet, usable at once, valid the usual years. */
    async issueGoodwill(local: string, currency: string, amount: number): Promise<string> {
      for (;;) {
        const row = (
          await db.query<{ code: string }>(
            `INSERT INTO gift_cards (code, local, currency, initial_amount, balance, redeemable_from, expires_at)
           VALUES ($1, $2, $3, $4, $4, now(), now() + make_interval(years => $5)) ON CONFLICT (code) DO NOTHING
           RETURNING code`,
            [newCode(), local, currency, amount, GIFT_CARD_VALID_YEARS],
          )
        )[0];
        if (row) return row.code;
      }
    },

    /** The user's cards (added or used) and the cards they bought, newest first. */
    async mine(userId: number, local: string): Promise<GiftCardRow[]> {
      return db.query<GiftCardRow>(
        `SELECT ${COLUMNS} FROM gift_cards WHERE (owner_id = $1 OR bought_by = $1) AND local = $2
         ORDER BY created_at DESC, id DESC LIMIT 200`,
        [userId, local],
      );
    },

    /** Adds a card to the user's account by its code: once added, only they can pay with it. */
    async add(userId: number, local: string, typed: string): Promise<'added' | 'unknown' | 'expired'> {
      const code = normaliseGiftCardCode(typed);
      const rows = await db.query<GiftCardRow>(
        `UPDATE gift_cards SET owner_id = $1 WHERE code = $2 AND local = $3 AND (owner_id IS NULL OR owner_id = $1)
         RETURNING ${COLUMNS}`,
        [userId, code, local],
      );
      if (!rows[0]) return 'unknown';
      return new Date(rows[0].expires_at).getTime() <= Date.now() ? 'expired' : 'added';
    },
  };
}

export type GiftCardsRepository = ReturnType<typeof giftCardsRepository>;
