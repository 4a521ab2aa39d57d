import type { Database, Queryable } from '../db/types';
import type { PresaleTerms } from '../orders/presale';

interface CampaignRow {
  id: string;
  local: string;
  product_id: string;
  currency: string;
  deposit: number;
  deposit_starts_at: Date;
  deposit_ends_at: Date;
  final_starts_at: Date;
  final_ends_at: Date;
}

const COLUMNS = `id, local, product_id, currency, deposit::float8 AS deposit, deposit_starts_at, deposit_ends_at,
                 final_starts_at, final_ends_at`;

export interface PresaleCampaignView {
  id: string;
  productId: string;
  currency: string;
  depositMinor: number;
  depositStartsAt: Date;
  depositEndsAt: Date;
  finalStartsAt: Date;
  finalEndsAt: Date;
  stage: 'upcoming' | 'deposit' | 'between' | 'final' | 'ended';
}

const terms = (r: CampaignRow): PresaleTerms => ({
  campaignId: r.id,
  productId: r.product_id,
  depositMinor: r.deposit,
  depositEndsAt: new Date(r.deposit_ends_at),
  finalStartsAt: new Date(r.final_starts_at),
  finalEndsAt: new Date(r.final_ends_at),
});

/** The stage of a campaign on the database clock: every API process agrees, and the sell paths use the same clock. */
const STAGE_SQL = `CASE WHEN now() < deposit_starts_at THEN 'upcoming' WHEN now() < deposit_ends_at THEN 'deposit'
  WHEN now() < final_starts_at THEN 'between' WHEN now() < final_ends_at THEN 'final' ELSE 'ended' END AS stage`;

/** Pre-sale campaigns (seeded from the promotions snapshot): which products take a deposit now, and their windows. */
export function presalesRepository(db: Database) {
  return {
    /**
     * Campaigns of the country in their deposit window, by product; for a member with early access (`earlyHours`) the
     * window opens that many hours before its start (its end stays).
     */
    async openDeposits(q: Queryable, local: string, earlyHours = 0): Promise<Map<string, PresaleTerms>> {
      const rows = await q.query<CampaignRow>(
        `SELECT ${COLUMNS} FROM presale_campaigns WHERE local = $1
           AND campaign_live(deposit_starts_at - make_interval(hours => $2::int), deposit_ends_at)`,
        [local, earlyHours],
      );
      return new Map(rows.map((r) => [r.product_id, terms(r)]));
    },

    async terms(q: Queryable, id: string): Promise<PresaleTerms | null> {
      const row = (await q.query<CampaignRow>(`SELECT ${COLUMNS} FROM presale_campaigns WHERE id = $1`, [id]))[0];
      return row ? terms(row) : null;
    },

    /**
     * Whether one of the products is in a pre-sale whose deposit window has closed and whose final window has not
     * ended.
     */
    async depositClosed(q: Queryable, local: string, productIds: string[]): Promise<boolean> {
      if (productIds.length === 0) return false;
      const rows = await q.query(
        `SELECT 1 FROM presale_campaigns WHERE local = $1 AND product_id = ANY($2::text[])
           AND campaign_live(deposit_ends_at, final_ends_at) LIMIT 1`,
        [local, productIds],
      );
      return rows.length > 0;
    },

    /** Whether the campaign's final-payment window is open now, on the database clock (the request's transaction). */
    async finalOpen(q: Queryable, id: string): Promise<boolean> {
      return (
        (
          await q.query<{ open: boolean }>(
            `SELECT campaign_live(final_starts_at, final_ends_at) AS open FROM presale_campaigns WHERE id = $1`,
            [id],
          )
        )[0]?.open === true
      );
    },

    /** The campaigns of a country (or of one product there) with the stage they are in now. */
    async list(local: string, productId?: string): Promise<PresaleCampaignView[]> {
      const rows = await db.query<CampaignRow & { stage: PresaleCampaignView['stage'] }>(
        `SELECT ${COLUMNS}, ${STAGE_SQL} FROM presale_campaigns
         WHERE local = $1 AND ($2::text IS NULL OR product_id = $2) AND final_ends_at > now() - interval '30 days'
         ORDER BY deposit_starts_at`,
        [local, productId ?? null],
      );
      return rows.map((r) => ({
        ...terms(r),
        id: r.id,
        currency: r.currency,
        depositStartsAt: new Date(r.deposit_starts_at),
        stage: r.stage,
      }));
    },

    /** Campaigns of the country whose deposit window has not opened yet, soonest first, with the product's name. */
    async upcoming(local: string): Promise<{ id: string; productId: string; productName: string; startsAt: Date }[]> {
      const rows = await db.query<{ id: string; product_id: string; name: string; deposit_starts_at: Date }>(
        `SELECT c.id, c.product_id, p.name, c.deposit_starts_at FROM presale_campaigns c
         JOIN products p ON p.id = c.product_id
         WHERE c.local = $1 AND now() < c.deposit_starts_at ORDER BY c.deposit_starts_at, c.id LIMIT 20`,
        [local],
      );
      return rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        productName: r.name,
        startsAt: new Date(r.deposit_starts_at),
      }));
    },

    /** Operators move a campaign's windows (a launch date changes); the windows must still follow each other. */
    async moveWindows(
      id: string,
      windows: { depositStartsAt: Date; depositEndsAt: Date; finalStartsAt: Date; finalEndsAt: Date },
    ): Promise<'moved' | 'not_found' | 'order'> {
      const { depositStartsAt: ds, depositEndsAt: de, finalStartsAt: fs, finalEndsAt: fe } = windows;
      if (!(ds < de && de <= fs && fs < fe)) return 'order';
      const rows = await db.query(
        `UPDATE presale_campaigns SET deposit_starts_at = $2, deposit_ends_at = $3, final_starts_at = $4,
           final_ends_at = $5 WHERE id = $1 RETURNING id`,
        [id, ds, de, fs, fe],
      );
      return rows.length ? 'moved' : 'not_found';
    },
  };
}

export type PresalesRepository = ReturnType<typeof presalesRepository>;
