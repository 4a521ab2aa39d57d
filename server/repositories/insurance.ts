import type { Database, Queryable } from '../db/types';
import type { OrderState } from '../schemas/order';

/** A device line of a new order and the plan every unit of it gets (priced by checkout, orders/pricing.ts). */
export interface NewInsuranceLine {
  lineNo: number;
  planId: string;
  quantity: number;
  unitPrice: number;
  coverMonths: number;
  claimsPerYear: number;
  withdrawalDays: number;
}

export interface InsuranceLineRow {
  line_no: number;
  plan_id: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
}

/** A policy with what decides its state: its plan line, its device line and its order. */
export interface PolicyRow {
  id: string;
  order_id: string;
  line_no: number;
  unit_no: number;
  imei: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  ended_at: Date | null;
  end_reason: 'withdrawn' | 'returned' | null;
  refund_amount: number | null;
  plan_id: string;
  unit_price: number;
  quantity: number;
  cover_months: number;
  claims_per_year: number;
  withdrawal_days: number;
  commodity_id: string;
  product_name: string;
  user_id: number;
  local: string;
  url_local: string;
  currency: string;
  order_state: OrderState;
  paid_at: Date | null;
  /** Claims in the last 12 months that count against the limit (not withdrawn by the shopper, not rejected). */
  claims_in_year: number;
  /** Claims ever made that count (a claimed plan is no longer withdrawn for a refund). */
  claims_ever: number;
  /** When the oldest claim counted in the year leaves it (null: none counted). */
  claim_again_at: Date | null;
  /** The database's clock when the row was read (the store's one clock), in ms since the epoch. */
  now_ms: number;
}

export interface ClaimRow {
  policy_id: string;
  request_id: string;
  request_no: string;
  state: string;
  incident_date: string;
  created_at: Date;
}

/** Requests that do not count as claims: withdrawn by the shopper, or not accepted by staff. */
const NOT_COUNTED = `('cancelled', 'rejected')`;

const POLICY_FROM = `
  FROM insurance_policies p
  JOIN order_insurance_lines il ON il.order_id = p.order_id AND il.line_no = p.line_no
  JOIN order_lines l ON l.order_id = p.order_id AND l.line_no = p.line_no
  JOIN orders o ON o.id = p.order_id`;
const POLICY_COLUMNS = `p.id::text AS id, p.order_id::text AS order_id, p.line_no, p.unit_no, p.imei, p.starts_at,
  p.ends_at, p.ended_at, p.end_reason, p.refund_amount::float8 AS refund_amount, il.plan_id,
  il.unit_price::float8 AS unit_price, il.quantity, il.cover_months, il.claims_per_year, il.withdrawal_days,
  l.commodity_id, l.name AS product_name, o.user_id, o.local, o.url_local, o.currency, o.state AS order_state,
  o.paid_at,
  (SELECT count(*)::int FROM insurance_claims c JOIN service_requests r ON r.id = c.request_id
   WHERE c.policy_id = p.id AND r.state NOT IN ${NOT_COUNTED} AND c.created_at > now() - interval '1 year')
    AS claims_in_year,
  (SELECT count(*)::int FROM insurance_claims c JOIN service_requests r ON r.id = c.request_id
   WHERE c.policy_id = p.id AND r.state NOT IN ${NOT_COUNTED}) AS claims_ever,
  (SELECT min(c.created_at) + interval '1 year' FROM insurance_claims c JOIN service_requests r ON r.id = c.request_id
   WHERE c.policy_id = p.id AND r.state NOT IN ${NOT_COUNTED} AND c.created_at > now() - interval '1 year')
    AS claim_again_at,
  (extract(epoch FROM now()) * 1000)::float8 AS now_ms`;

const isId = (id: string) => /^\d{1,18}$/.test(id);

/**
 * Marks a device line of a cart insured (every unit of it) or not. Only a line of the cart can be: the choice is a
 * row beside the line and goes with it. False when the line is not in the cart.
 */
export async function setCartInsuredIn(
  q: Queryable,
  cartId: string,
  commodityId: string,
  insured: boolean,
): Promise<boolean> {
  if (!insured) {
    await q.query(`DELETE FROM cart_insurance WHERE cart_id = $1 AND commodity_id = $2`, [cartId, commodityId]);
    return true;
  }
  const rows = await q.query(
    `INSERT INTO cart_insurance (cart_id, commodity_id)
     SELECT cart_id, commodity_id FROM cart_items WHERE cart_id = $1 AND commodity_id = $2
     ON CONFLICT DO NOTHING RETURNING cart_id`,
    [cartId, commodityId],
  );
  return (
    rows.length > 0 ||
    (await q.query(`SELECT 1 FROM cart_insurance WHERE cart_id = $1 AND commodity_id = $2`, [cartId, commodityId]))
      .length > 0
  );
}

/** Writes the insurance line of a device line of a new order and one policy per unit, in placement's transaction. */
export async function insertInsuranceIn(tx: Queryable, orderId: string, line: NewInsuranceLine): Promise<void> {
  await tx.query(
    `INSERT INTO order_insurance_lines (order_id, line_no, plan_id, quantity, unit_price, subtotal, cover_months,
       claims_per_year, withdrawal_days)
     VALUES ($1, $2, $3, $4::int, $5::bigint, $5::bigint * $4::int, $6, $7, $8)`,
    [
      orderId,
      line.lineNo,
      line.planId,
      line.quantity,
      line.unitPrice,
      line.coverMonths,
      line.claimsPerYear,
      line.withdrawalDays,
    ],
  );
  await tx.query(
    `INSERT INTO insurance_policies (order_id, line_no, unit_no) SELECT $1, $2, u FROM generate_series(1, $3) u`,
    [orderId, line.lineNo, line.quantity],
  );
}

/** A policy whose cover just started, with its device line's product. */
export interface StartedPolicy {
  id: string;
  line_no: number;
  product_name: string;
  ends_at: Date;
}

/**
 * Starts the cover of the policies whose unit has just been delivered (the units of a line count as delivered in
 * order, by the delivered shipments' quantities), in the delivery's transaction: from now for `cover_months`.
 * Returns the policies it started.
 */
export async function startCoverIn(tx: Queryable, orderId: string): Promise<StartedPolicy[]> {
  return tx.query<StartedPolicy>(
    `WITH delivered AS (
       SELECT sl.line_no, sum(sl.quantity)::int AS units
       FROM shipment_lines sl JOIN shipments s ON s.id = sl.shipment_id
       WHERE sl.order_id = $1 AND s.delivered_at IS NOT NULL GROUP BY sl.line_no)
     UPDATE insurance_policies p SET starts_at = now(), ends_at = now() + make_interval(months => il.cover_months),
       -- The insured unit's IMEI as the shipment named it (the line's units in the order they were named), so a
       -- claim for another phone is refused from the first one on.
       imei = coalesce(p.imei, (
         SELECT u.imei FROM (
           SELECT dv.imei, row_number() OVER (ORDER BY dv.id) AS unit_no FROM devices dv
           WHERE dv.order_id = p.order_id AND dv.line_no = p.line_no AND dv.source = 'shipment'
             AND dv.imei IS NOT NULL) u
         WHERE u.unit_no = p.unit_no))
     FROM delivered d, order_insurance_lines il, order_lines l
     WHERE p.order_id = $1 AND p.starts_at IS NULL AND p.ended_at IS NULL AND d.line_no = p.line_no
       AND p.unit_no <= d.units AND il.order_id = p.order_id AND il.line_no = p.line_no
       AND l.order_id = p.order_id AND l.line_no = p.line_no
     RETURNING p.id::text AS id, p.line_no, l.name AS product_name, p.ends_at`,
    [orderId],
  );
}

/**
 * A policy, locked for a claim or a withdrawal (the caller holds its order's lock first when it refunds). The lock is
 * its own statement: a statement that waited for a lock still reads with the snapshot it began with, so the claims
 * counted must be read by the next one, which sees every claim committed before the lock was granted.
 */
export async function policyForUpdateIn(tx: Queryable, policyId: string): Promise<PolicyRow | null> {
  if (!isId(policyId)) return null;
  const locked = await tx.query(`SELECT 1 FROM insurance_policies WHERE id = $1 FOR UPDATE`, [policyId]);
  return locked.length > 0 ? policyIn(tx, policyId) : null;
}

/** A policy as it stands, unlocked (null when there is none). */
export async function policyIn(q: Queryable, policyId: string): Promise<PolicyRow | null> {
  if (!isId(policyId)) return null;
  return (await q.query<PolicyRow>(`SELECT ${POLICY_COLUMNS} ${POLICY_FROM} WHERE p.id = $1`, [policyId]))[0] ?? null;
}

/** Records a claim's policy and the day of the damage beside its after-sales request; pins the policy's IMEI. */
export async function insertClaimIn(
  tx: Queryable,
  claim: { requestId: string; policyId: string; incidentDate: string; imei: string },
): Promise<void> {
  await tx.query(`INSERT INTO insurance_claims (request_id, policy_id, incident_date) VALUES ($1, $2, $3::date)`, [
    claim.requestId,
    claim.policyId,
    claim.incidentDate,
  ]);
  // The first claim names the insured unit when the shipment did not: later claims are for that device.
  await tx.query(`UPDATE insurance_policies SET imei = $2 WHERE id = $1 AND imei IS NULL`, [
    claim.policyId,
    claim.imei,
  ]);
}

/** Ends a policy early (the plan withdrawn, or its device returned) with what it gave back. */
export async function endPolicyIn(
  tx: Queryable,
  policyId: string,
  reason: 'withdrawn' | 'returned',
  refund: number,
): Promise<void> {
  await tx.query(
    `UPDATE insurance_policies SET ended_at = now(), end_reason = $2, refund_amount = $3 WHERE id = $1
       AND ended_at IS NULL`,
    [policyId, reason, refund],
  );
}

/**
 * The live policies of a returned device line that go back with `units` of it, in the return's transaction (which
 * holds the order's lock): those without claims first, the last units first.
 */
export async function policiesToEndIn(
  tx: Queryable,
  orderId: string,
  lineNo: number,
  units: number,
): Promise<PolicyRow[]> {
  return tx.query<PolicyRow>(
    `SELECT ${POLICY_COLUMNS} ${POLICY_FROM}
     WHERE p.order_id = $1 AND p.line_no = $2 AND p.ended_at IS NULL
     ORDER BY (SELECT count(*) FROM insurance_claims c WHERE c.policy_id = p.id), p.unit_no DESC
     LIMIT $3 FOR UPDATE OF p`,
    [orderId, lineNo, units],
  );
}

/** Device insurance: the plans in carts and orders, the policies and their claims (reads). */
export function insuranceRepository(db: Database) {
  async function claimsOf(policyIds: readonly string[]): Promise<Map<string, ClaimRow[]>> {
    const byPolicy = new Map<string, ClaimRow[]>();
    if (policyIds.length === 0) return byPolicy;
    const rows = await db.query<ClaimRow>(
      `SELECT c.policy_id::text AS policy_id, c.request_id::text AS request_id, r.request_no, r.state,
         to_char(c.incident_date, 'YYYY-MM-DD') AS incident_date, c.created_at
       FROM insurance_claims c JOIN service_requests r ON r.id = c.request_id
       WHERE c.policy_id = ANY($1::bigint[]) ORDER BY c.created_at, c.request_id`,
      [policyIds],
    );
    for (const row of rows) byPolicy.set(row.policy_id, [...(byPolicy.get(row.policy_id) ?? []), row]);
    return byPolicy;
  }

  return {
    claimsOf,

    /** One policy as it stands (null when there is none). */
    policy: (policyId: string): Promise<PolicyRow | null> => policyIn(db, policyId),

    /** The insurance lines of an order and its policies. */
    async ofOrder(orderId: string): Promise<{ lines: InsuranceLineRow[]; policies: PolicyRow[] }> {
      if (!isId(orderId)) return { lines: [], policies: [] };
      const lines = await db.query<InsuranceLineRow>(
        `SELECT line_no, plan_id, quantity, unit_price::float8 AS unit_price, subtotal::float8 AS subtotal
         FROM order_insurance_lines WHERE order_id = $1 ORDER BY line_no`,
        [orderId],
      );
      if (lines.length === 0) return { lines, policies: [] };
      const policies = await db.query<PolicyRow>(
        `SELECT ${POLICY_COLUMNS} ${POLICY_FROM} WHERE p.order_id = $1 ORDER BY p.line_no, p.unit_no`,
        [orderId],
      );
      return { lines, policies };
    },

    /** The user's policies in this country, newest order first (at most 100). */
    async ofUser(userId: number, local: string): Promise<PolicyRow[]> {
      return db.query<PolicyRow>(
        `SELECT ${POLICY_COLUMNS} ${POLICY_FROM} WHERE o.user_id = $1 AND o.local = $2
         ORDER BY o.created_at DESC, p.order_id DESC, p.line_no, p.unit_no LIMIT 100`,
        [userId, local],
      );
    },

    /** The user's policies on these units (by IMEI) in every country: what My devices shows beside each device. */
    async ofImeis(userId: number, imeis: readonly string[]): Promise<PolicyRow[]> {
      if (imeis.length === 0) return [];
      return db.query<PolicyRow>(
        `SELECT ${POLICY_COLUMNS} ${POLICY_FROM} WHERE o.user_id = $1 AND p.imei = ANY($2::text[])
         ORDER BY o.created_at DESC, p.id DESC`,
        [userId, [...imeis]],
      );
    },

    /** The policy a claim (an after-sales request) is made on, with the day of the damage; null when it is none. */
    async claimOf(requestId: string): Promise<{ policy: PolicyRow; incident_date: string } | null> {
      if (!isId(requestId)) return null;
      const claim = (
        await db.query<{ policy_id: string; incident_date: string }>(
          `SELECT policy_id::text AS policy_id, to_char(incident_date, 'YYYY-MM-DD') AS incident_date
           FROM insurance_claims WHERE request_id = $1`,
          [requestId],
        )
      )[0];
      if (!claim) return null;
      const policy = await policyIn(db, claim.policy_id);
      return policy ? { policy, incident_date: claim.incident_date } : null;
    },
  };
}

export type InsuranceRepository = ReturnType<typeof insuranceRepository>;
