import type { Queryable } from '../db/types';
import { PREMIUM_PRODUCTS } from '../../sites/club';

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
for (const id of PREMIUM_PRODUCTS)
  if (!PRODUCT_ID.test(id)) throw new Error(`sites/club.ts: premium product id ${JSON.stringify(id)} is not an id`);
/** The premium products as an SQL list: constants of the config, checked above, never input. */
const PREMIUM_LIST = PREMIUM_PRODUCTS.map((id) => `'${id}'`).join(', ') || `''`;

/**
 * The premium products a user owns: lines of this store's orders (paid, delivered and not all of their units
 * returned; an accepted return is a completed return request), and units bought elsewhere that staff verified in My
 * devices and the user still holds.
 */
const ownedLines = (userColumn: string) => `SELECT pl.product_id, pl.name FROM orders po
  JOIN order_lines pl ON pl.order_id = po.id
  WHERE po.user_id = ${userColumn} AND po.state = 'delivered' AND pl.product_id IN (${PREMIUM_LIST})
    AND pl.quantity > (SELECT coalesce(sum(rl.quantity), 0) FROM return_lines rl
      JOIN service_requests sr ON sr.id = rl.request_id
      WHERE rl.order_id = pl.order_id AND rl.line_no = pl.line_no AND sr.kind = 'return' AND sr.state = 'completed')
  UNION ALL
  SELECT rd.product_id, rd.model FROM devices rd
  WHERE rd.user_id = ${userColumn} AND rd.source = 'registration' AND rd.verification = 'verified'
    AND rd.ended_at IS NULL AND rd.product_id IN (${PREMIUM_LIST})`;

/**
 * The priority club, as an SQL condition on a user id column: true when that user owns a premium device (a visitor's
 * null is never a member). The one place the rule is written; the support tickets and the staff's chat list read it
 * with their rows, so it is always today's answer (a return or a later delivery changes it at once).
 * @example `SELECT t.id, ${priorityMemberSql('t.user_id')} AS priority FROM support_tickets t`
 */
export function priorityMemberSql(userColumn: string): string {
  if (!/^[a-z_]+(\.[a-z_]+)?$/.test(userColumn)) throw new Error(`not a column: ${userColumn}`);
  return `EXISTS (${ownedLines(userColumn)})`;
}

/** A customer's membership of the priority club and the premium devices it comes from. */
export function priorityClubRepository(db: Queryable) {
  return {
    /** The premium products the user owns (their names as ordered), none for a non-member. */
    async devices(userId: number): Promise<string[]> {
      const rows = await db.query<{ name: string }>(
        `SELECT DISTINCT owned.name FROM (${ownedLines('$1::int')}) owned ORDER BY owned.name`,
        [userId],
      );
      return rows.map((r) => r.name);
    },
  };
}

export type PriorityClubRepository = ReturnType<typeof priorityClubRepository>;
