import type { Database, Queryable } from '../db/types';
import { postMessageIn } from './messages';
import { SERIALISED_CATEGORIES } from '../devices/serialised';
import { UPLOADS_PER_REQUEST } from '../uploads/file-type';
import type { DeviceNumbers } from '../devices/device-numbers';
import type { DeviceSource, DeviceVerification } from '../schemas/devices';
import { UNATTACHED_UPLOAD } from './upload-attachments';

/** At most this many registrations of one account wait for staff at a time. */
export const DEVICE_PENDING_MAX = 5;
/** At most this many devices on one account (a household's phones, watches, scooters and TVs fit many times). */
export const DEVICES_PER_ACCOUNT_MAX = 50;
/** A refused registration stays in the shopper's list this long, with the reason, then drops out of it. */
export const REJECTED_VISIBLE_DAYS = 30;

export interface DeviceRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  product_id: string;
  model: string;
  spec: string;
  imei: string | null;
  serial: string | null;
  source: DeviceSource;
  order_id: string | null;
  commodity_id: string | null;
  line_no: number | null;
  shipment_id: string | null;
  /** 'YYYY-MM-DD': the purchase a registration names (staff may correct it when verifying). */
  purchase_date: string | null;
  refurbished: boolean;
  warranty_months: number;
  verification: DeviceVerification;
  rejection_reason: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  ended_at: Date | null;
  ended_reason: string | null;
  /** When the shipment that brought it arrived (null: on its way, or a registration). */
  delivered_at: Date | null;
}

const COLUMNS = `d.id::text AS id, d.user_id, d.local, d.url_local, d.product_id, d.model, d.spec, d.imei, d.serial,
  d.source, d.order_id::text AS order_id, d.commodity_id, d.line_no, d.shipment_id::text AS shipment_id,
  to_char(d.purchase_date, 'YYYY-MM-DD') AS purchase_date, d.refurbished, d.warranty_months, d.verification,
  d.rejection_reason, d.reviewed_at, d.created_at, d.ended_at, d.ended_reason, s.delivered_at`;
const FROM = `devices d LEFT JOIN shipments s ON s.id = d.shipment_id`;
/** A device its owner still holds, or a claim still waiting. */
const LIVE = `d.ended_at IS NULL`;
/** Rows that count for a number's warranty: the store's own shipments and the registrations staff verified. */
const VOUCHED = `d.verification = 'verified'`;

const isId = (id: string) => /^\d{1,18}$/.test(id);
const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);
const numbersOf = (n: DeviceNumbers) => [n.imei, n.serial].filter((x): x is string => x !== null);

/**
 * Takes a transaction lock on each number (in a fixed order, so two transactions never wait on each other): the
 * shipment, registration and verification of one number queue, whichever account or order they come from.
 */
async function lockNumbersIn(q: Queryable, numbers: readonly string[]): Promise<void> {
  for (const number of [...new Set(numbers)].sort())
    await q.query(`SELECT pg_advisory_xact_lock(hashtext('device'), hashtext($1))`, [number]);
}

/** Held rows (verified, not ended) with any of the numbers. */
async function heldIn(q: Queryable, numbers: readonly string[]): Promise<DeviceRow[]> {
  return q.query<DeviceRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE ${LIVE} AND ${VOUCHED} AND (d.imei = ANY($1::text[]) OR d.serial = ANY($1::text[]))`,
    [numbers],
  );
}

/** An order line as a unit of it is recorded: what the product is and whether it carries numbers. */
export interface OrderUnitLine {
  line_no: number;
  product_id: string;
  commodity_id: string;
  name: string;
  spec: string;
  category: string | null;
  /** The refurbished product's promise ({grade, warrantyMonths}), or null. */
  refurbished: { warrantyMonths?: number } | null;
}

/** The lines of an order with their product's category and refurbished promise (null: gone from the catalogue). */
export async function orderUnitLinesIn(q: Queryable, orderId: string): Promise<OrderUnitLine[]> {
  return q.query<OrderUnitLine>(
    `SELECT l.line_no, l.product_id, l.commodity_id, l.name, l.spec, p.category,
            CASE WHEN p.category = 'refurbished' OR p.data ? 'refurbished'
                 THEN coalesce(p.data -> 'refurbished', '{}'::jsonb) END AS refurbished
     FROM order_lines l LEFT JOIN products p ON p.id = l.product_id WHERE l.order_id = $1 ORDER BY l.line_no`,
    [orderId],
  );
}

/** One unit that left in a parcel, with its numbers and the warranty it was sold with. */
export interface ShippedUnit {
  line: OrderUnitLine;
  numbers: DeviceNumbers;
  warrantyMonths: number;
}

/**
 * Records the units of a shipment as the buyer's devices, in the shipment's transaction. The warehouse has the unit
 * in hand, so its word wins: whoever held a number before (an earlier buyer of a returned unit, a registration) no
 * longer does (`transferred`). Claims waiting for staff are left to staff.
 */
export async function recordShippedUnitsIn(
  q: Queryable,
  order: { id: string; user_id: number; local: string; url_local: string },
  shipmentId: string,
  units: readonly ShippedUnit[],
): Promise<void> {
  if (units.length === 0) return;
  const all = units.flatMap((u) => numbersOf(u.numbers));
  await lockNumbersIn(q, all);
  await q.query(
    `UPDATE devices d SET ended_at = now(), ended_reason = 'transferred'
     WHERE ${LIVE} AND ${VOUCHED} AND (d.imei = ANY($1::text[]) OR d.serial = ANY($1::text[]))`,
    [all],
  );
  for (const u of units)
    await q.query(
      `INSERT INTO devices (user_id, local, url_local, product_id, model, spec, imei, serial, source, order_id,
         commodity_id, line_no, shipment_id, refurbished, warranty_months, verification)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'shipment', $9, $10, $11, $12, $13, $14, 'verified')`,
      [
        order.user_id,
        order.local,
        order.url_local,
        u.line.product_id,
        u.line.name,
        u.line.spec,
        u.numbers.imei,
        u.numbers.serial,
        order.id,
        u.line.commodity_id,
        u.line.line_no,
        shipmentId,
        u.line.refurbished !== null,
        u.warrantyMonths,
      ],
    );
}

/**
 * After an accepted return: the units of lines whose every unit came back leave the buyer's devices (`returned`). A
 * line returned in part keeps its units, since a return names quantities, not numbers; its owner removes the one sent
 * back.
 */
export async function releaseReturnedUnitsIn(q: Queryable, orderId: string): Promise<void> {
  await q.query(
    `UPDATE devices d SET ended_at = now(), ended_reason = 'returned'
     WHERE d.order_id = $1 AND d.source = 'shipment' AND d.ended_at IS NULL
       AND d.line_no IN (
         SELECT l.line_no FROM order_lines l
         WHERE l.order_id = $1 AND l.quantity <= (
           SELECT coalesce(sum(rl.quantity), 0) FROM return_lines rl JOIN service_requests r ON r.id = rl.request_id
           WHERE rl.order_id = l.order_id AND rl.line_no = l.line_no AND r.state = 'completed'))`,
    [orderId],
  );
}

/** The numbers recorded with a shipment, by order line (for comparing a retried shipment call). */
export async function shipmentNumbersIn(q: Queryable, shipmentId: string): Promise<Map<number, DeviceNumbers[]>> {
  const rows = await q.query<{ line_no: number; imei: string | null; serial: string | null }>(
    `SELECT line_no, imei, serial FROM devices WHERE shipment_id = $1 ORDER BY id`,
    [shipmentId],
  );
  const byLine = new Map<number, DeviceNumbers[]>();
  for (const r of rows) byLine.set(r.line_no, [...(byLine.get(r.line_no) ?? []), { imei: r.imei, serial: r.serial }]);
  return byLine;
}

/** A registration: the product, the unit's numbers, the purchase on the proof and the proof's uploads. */
export interface RegistrationInput {
  userId: number;
  local: string;
  urlLocal: string;
  productId: string;
  numbers: DeviceNumbers;
  purchaseDate: string;
  uploadIds: readonly string[];
  /** The warranty months of a unit of this product in this country (orders' rule, devices/warranty.ts). */
  months: (product: { refurbished: { warrantyMonths?: number } | null }) => number;
}

export type RegistrationResult =
  | { ok: true; device: DeviceRow }
  | {
      ok: false;
      reason: 'product' | 'yours' | 'held' | 'claimed' | 'pending_limit' | 'device_limit' | 'uploads';
    };

/** A staff decision on a registration. */
export type ReviewDecision =
  | { decision: 'verify'; purchaseDate?: string; staffId: number }
  | { decision: 'reject'; reason: string; staffId: number };

/** What the shopper is told of a decision, in their storefront's language. */
export type ReviewMessage = (row: DeviceRow) => { title: string; body: string };

/** A registration waiting for staff, with the owner's address (staff only) and the proof's files. */
export interface PendingDevice extends DeviceRow {
  email: string;
  uploads: { id: string; file_name: string; content_type: string; size: number }[];
}

/** A service request for a device, as its history lists it. */
export interface DeviceServiceRow {
  id: string;
  request_no: string;
  kind: string;
  state: string;
  imei: string | null;
  serial: string | null;
  device_id: string | null;
  created_at: Date;
}

class Rollback extends Error {
  constructor(readonly result: RegistrationResult) {
    super('rollback');
  }
}
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/**
 * The devices of accounts: those shipments brought (recordShippedUnitsIn, in the shipment's transaction) and those
 * shoppers registered with a proof of purchase for staff to verify. Reads by number serve the warranty check, which
 * never names an owner.
 */
export function devicesRepository(db: Database) {
  return {
    /** The account's devices: held ones, claims waiting, and claims refused in the last 30 days; newest first. */
    async list(userId: number): Promise<DeviceRow[]> {
      return db.query<DeviceRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE d.user_id = $1 AND (${LIVE}
           OR (d.ended_reason = 'rejected' AND d.ended_at > now() - make_interval(days => $2)))
         ORDER BY d.created_at DESC, d.id DESC LIMIT $3`,
        [userId, REJECTED_VISIBLE_DAYS, DEVICES_PER_ACCOUNT_MAX + DEVICE_PENDING_MAX],
      );
    },

    /** A device of the account it still holds (or a claim of it still waiting), or null. */
    async mine(userId: number, id: string): Promise<DeviceRow | null> {
      if (!isId(id)) return null;
      const rows = await db.query<DeviceRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1 AND d.user_id = $2 AND ${LIVE}`,
        [id, userId],
      );
      return rows[0] ?? null;
    },

    /**
     * Every vouched-for row of the numbers, held or not, oldest first: the warranty belongs to the unit, so a resale
     * between people changes its owner, not its warranty.
     */
    async vouchedFor(numbers: readonly string[]): Promise<DeviceRow[]> {
      if (numbers.length === 0) return [];
      return db.query<DeviceRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${VOUCHED} AND (d.imei = ANY($1::text[]) OR d.serial = ANY($1::text[]))
         ORDER BY d.created_at, d.id LIMIT 50`,
        [numbers],
      );
    },

    /** The account's service requests naming any of these numbers or devices, newest first. */
    async serviceOf(userId: number, numbers: readonly string[], deviceIds: readonly string[]) {
      if (numbers.length === 0 && deviceIds.length === 0) return [];
      return db.query<DeviceServiceRow>(
        `SELECT id::text AS id, request_no, kind, state, imei, serial, device_id::text AS device_id, created_at
         FROM service_requests
         WHERE user_id = $1 AND (imei = ANY($2::text[]) OR serial = ANY($2::text[]) OR device_id = ANY($3::bigint[]))
         ORDER BY created_at DESC LIMIT 200`,
        [userId, numbers, deviceIds],
      );
    },

    /** The serialised products a shopper of this country may register (any the country sells or sold). */
    async models(local: string): Promise<{ id: string; name: string; category: string }[]> {
      return db.query(
        `SELECT p.id, p.name, p.category FROM products p
         WHERE p.category = ANY($1::text[])
           AND EXISTS (SELECT 1 FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id
                       WHERE c.product_id = p.id AND o.local = $2)
         ORDER BY p.category, p.rank, p.name`,
        [SERIALISED_CATEGORIES, local],
      );
    },

    /**
     * A shopper's registration of a unit bought elsewhere or before: it waits for staff to verify the proof and holds
     * nothing meanwhile. Refused when the number is held (by this account: `yours`; by another: `held`, naming no
     * one), already claimed by this account, past the waiting or device limits, or when the files are not the
     * account's unattached uploads. The account's lock makes its parallel registrations count one after another; the
     * number's lock orders them against shipments and verifications.
     */
    async register(input: RegistrationInput): Promise<RegistrationResult> {
      if (input.uploadIds.length === 0 || input.uploadIds.length > UPLOADS_PER_REQUEST)
        return { ok: false, reason: 'uploads' };
      if (!input.uploadIds.every(isUuid)) return { ok: false, reason: 'uploads' };
      const numbers = numbersOf(input.numbers);
      try {
        return await db.transaction(async (tx) => {
          await tx.query(`SELECT pg_advisory_xact_lock(hashtext('devices'), $1::int)`, [input.userId]);
          await lockNumbersIn(tx, numbers);
          const product = (
            await tx.query<{ name: string; refurbished: { warrantyMonths?: number } | null }>(
              `SELECT p.name, CASE WHEN p.category = 'refurbished' OR p.data ? 'refurbished'
                                   THEN coalesce(p.data -> 'refurbished', '{}'::jsonb) END AS refurbished
               FROM products p WHERE p.id = $1 AND p.category = ANY($2::text[])`,
              [input.productId, SERIALISED_CATEGORIES],
            )
          )[0];
          if (!product) return { ok: false, reason: 'product' } as const;
          const held = await heldIn(tx, numbers);
          if (held.some((h) => h.user_id === input.userId)) return { ok: false, reason: 'yours' } as const;
          if (held.length > 0) return { ok: false, reason: 'held' } as const;
          const counts = (
            await tx.query<{ pending: number; live: number; claimed: number }>(
              `SELECT count(*) FILTER (WHERE verification = 'pending')::int AS pending, count(*)::int AS live,
                      count(*) FILTER (WHERE verification = 'pending'
                        AND (imei = ANY($2::text[]) OR serial = ANY($2::text[])))::int AS claimed
               FROM devices WHERE user_id = $1 AND ended_at IS NULL`,
              [input.userId, numbers],
            )
          )[0]!;
          if (counts.claimed > 0) return { ok: false, reason: 'claimed' } as const;
          if (counts.pending >= DEVICE_PENDING_MAX) return { ok: false, reason: 'pending_limit' } as const;
          if (counts.live >= DEVICES_PER_ACCOUNT_MAX) return { ok: false, reason: 'device_limit' } as const;
          const id = (
            await tx.query<{ id: string }>(
              `INSERT INTO devices (user_id, local, url_local, product_id, model, imei, serial, source, purchase_date,
                 refurbished, warranty_months, verification)
               VALUES ($1, $2, $3, $4, $5, $6, $7, 'registration', $8::date, $9, $10, 'pending')
               RETURNING id::text AS id`,
              [
                input.userId,
                input.local,
                input.urlLocal,
                input.productId,
                product.name,
                input.numbers.imei,
                input.numbers.serial,
                input.purchaseDate,
                product.refurbished !== null,
                input.months(product),
              ],
            )
          )[0]!.id;
          const attached = await tx.query(
            `UPDATE uploads SET device_id = $1 WHERE id = ANY($2::uuid[]) AND user_id = $3
               AND ${UNATTACHED_UPLOAD} RETURNING id`,
            [id, input.uploadIds, input.userId],
          );
          if (attached.length !== new Set(input.uploadIds).size) throw new Rollback({ ok: false, reason: 'uploads' });
          const device = (await tx.query<DeviceRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1`, [id]))[0]!;
          return { ok: true, device } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return err.result;
        // Another transaction of the same account and number got in between the checks (the locks make this rare).
        if (isUniqueViolation(err)) return { ok: false, reason: 'claimed' };
        throw err;
      }
    },

    /**
     * The owner no longer has the unit (sold, given away, lost) or withdraws a claim: the number is free for its next
     * owner. The warranty stays with the unit.
     */
    async remove(userId: number, id: string): Promise<boolean> {
      if (!isId(id)) return false;
      const rows = await db.query(
        `UPDATE devices SET ended_at = now(), ended_reason = 'removed'
         WHERE id = $1 AND user_id = $2 AND ended_at IS NULL RETURNING id`,
        [id, userId],
      );
      return rows.length > 0;
    },

    /** Registrations waiting for staff, oldest first, with the owner's address and the proof's files. */
    async pending(limit = 100): Promise<PendingDevice[]> {
      return withUploads(
        await db.query<PendingDevice>(
          `SELECT ${COLUMNS}, u.email FROM ${FROM} JOIN users u ON u.id = d.user_id
           WHERE d.verification = 'pending' AND d.ended_at IS NULL ORDER BY d.created_at, d.id LIMIT $1`,
          [limit],
        ),
      );
    },

    /** One row as staff see it (any state), or null. */
    async staffOne(id: string): Promise<PendingDevice | null> {
      if (!isId(id)) return null;
      const rows = await db.query<PendingDevice>(
        `SELECT ${COLUMNS}, u.email FROM ${FROM} JOIN users u ON u.id = d.user_id WHERE d.id = $1`,
        [id],
      );
      return (await withUploads(rows))[0] ?? null;
    },

    /** Every row of a number (staff's lookup): who held it when, newest first. */
    async byNumber(number: string): Promise<PendingDevice[]> {
      return withUploads(
        await db.query<PendingDevice>(
          `SELECT ${COLUMNS}, u.email FROM ${FROM} JOIN users u ON u.id = d.user_id
           WHERE d.imei = $1 OR d.serial = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT 50`,
          [number],
        ),
      );
    },

    /**
     * Staff verify a registration (the unit is the account's from now, from the purchase date on the proof) or refuse
     * it with a reason; the shopper gets a message in the same transaction. Only a waiting registration can be
     * decided (`state`); a number another account holds cannot be verified (`held`: end that holding first).
     */
    async review(
      id: string,
      decision: ReviewDecision,
      message: ReviewMessage,
    ): Promise<{ ok: true; device: DeviceRow } | { ok: false; reason: 'not_found' | 'state' | 'held' }> {
      if (!isId(id)) return { ok: false, reason: 'not_found' };
      try {
        return await db.transaction(async (tx) => {
          const first = (await tx.query<DeviceRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1`, [id]))[0];
          if (!first) return { ok: false, reason: 'not_found' } as const;
          await lockNumbersIn(tx, numbersOf(first));
          const row = (
            await tx.query<DeviceRow>(
              `SELECT ${COLUMNS} FROM devices d LEFT JOIN shipments s
             ON s.id = d.shipment_id WHERE d.id = $1 FOR UPDATE OF d`,
              [id],
            )
          )[0]!;
          if (row.verification !== 'pending' || row.ended_at) return { ok: false, reason: 'state' } as const;
          if (decision.decision === 'verify') {
            if ((await heldIn(tx, numbersOf(row))).length > 0) return { ok: false, reason: 'held' } as const;
            await tx.query(
              `UPDATE devices SET verification = 'verified', purchase_date = coalesce($2::date, purchase_date),
                 reviewed_by = $3, reviewed_at = now() WHERE id = $1`,
              [id, decision.purchaseDate ?? null, decision.staffId],
            );
          } else {
            await tx.query(
              `UPDATE devices SET verification = 'rejected', rejection_reason = $2, reviewed_by = $3,
                 reviewed_at = now(), ended_at = now(), ended_reason = 'rejected' WHERE id = $1`,
              [id, decision.reason, decision.staffId],
            );
          }
          const device = (await tx.query<DeviceRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1`, [id]))[0]!;
          const text = message(device);
          await postMessageIn(tx, {
            userId: device.user_id,
            kind: 'service',
            title: text.title,
            body: text.body,
            link: `/${device.url_local}/user/my-device/`,
          });
          return { ok: true, device } as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false, reason: 'held' };
        throw err;
      }
    },
  };

  /** Adds each row's proof files (staff read them through the after-sales download). */
  async function withUploads(rows: PendingDevice[]): Promise<PendingDevice[]> {
    if (rows.length === 0) return rows;
    const files = await db.query<PendingDevice['uploads'][number] & { device_id: string }>(
      `SELECT id::text AS id, device_id::text AS device_id, file_name, content_type, size FROM uploads
       WHERE device_id = ANY($1::bigint[]) ORDER BY created_at, id`,
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => ({
      ...r,
      uploads: files.filter((f) => f.device_id === r.id).map(({ device_id: _d, ...f }) => f),
    }));
  }
}
export type DevicesRepository = ReturnType<typeof devicesRepository>;
