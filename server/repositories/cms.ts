import type { Queryable } from '../db/types';

/** CMS read side: header/footer per storefront, support content, app diversion banners. */
export function cmsRepository(db: Queryable) {
  return {
    async headerFooter(urlLocal: string): Promise<Record<string, unknown> | null> {
      const rows = await db.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM header_footer WHERE url_local = $1`,
        [urlLocal],
      );
      return rows[0]?.data ?? null;
    },

    /** The banner for a channel tag, falling back to the storefront's default banner. */
    async diversion(urlLocal: string, channelTag: string | undefined): Promise<Record<string, unknown> | null> {
      const rows = await db.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM diversions WHERE url_local = $1 AND channel_tag IN ($2, 'default')
         ORDER BY (channel_tag = $2) DESC LIMIT 1`,
        [urlLocal, channelTag ?? 'default'],
      );
      return rows[0]?.data ?? null;
    },

    /** FAQ entries (kind 'faq') as stored from the support snapshot. */
    async faqs(): Promise<Record<string, unknown>[]> {
      const rows = await db.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM support_content WHERE kind = 'faq' ORDER BY id`,
      );
      return rows.map((r) => r.data);
    },
  };
}
export type CmsRepository = ReturnType<typeof cmsRepository>;
