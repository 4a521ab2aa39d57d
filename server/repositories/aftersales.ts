import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { postMessageIn } from './messages';
import { PAID_STATES_SQL } from '../schemas/order';
import { UPLOADS_PER_REQUEST, type UploadType } from '../uploads/file-type';
import { accountQuotaBreak, UPLOAD_QUOTA, type StorageUse, type UploadQuotaKind } from '../uploads/quota';

import type { RequestKind, RequestState } from '../schemas/after-sales';
import { UNATTACHED_UPLOAD } from './upload-attachments';

export type { RequestKind, RequestState };

/** Where staff may move a request next: a repair goes through the workshop, a return or exchange does not. */
export const NEXT_STATES: Readonly<Record<RequestState, readonly RequestState[]>> = {
  submitted: ['received', 'rejected'],
  // A return's own states move only through its staff steps (server/returns/staff-steps.ts).
  pickup_scheduled: [],
  received: ['diagnosing', 'rejected'],
  diagnosing: ['repairing', 'completed', 'rejected'],
  repairing: ['repaired'],
  repaired: ['shipped_back'],
  shipped_back: ['completed'],
  completed: [],
  refused: [],
  rejected: [],
  cancelled: [],
};
const OPEN_STATES: readonly RequestState[] = [
  'submitted',
  'pickup_scheduled',
  'received',
  'diagnosing',
  'repairing',
  'repaired',
  'shipped_back',
  'refused',
];

export interface UploadMeta {
  id: string;
  file_name: string;
  content_type: UploadType;
  size: number;
  created_at: Date;
}

export interface ServiceRequestRow {
  id: string;
  request_no: string;
  user_id: number;
  local: string;
  url_local: string;
  /** null for the repair of a registered device bought elsewhere. */
  order_id: string | null;
  device_id: string | null;
  commodity_id: string;
  product_id: string;
  product_name: string;
  kind: RequestKind;
  imei: string | null;
  serial: string | null;
  model: string;
  purchase_date: string;
  description: string;
  state: RequestState;
  feedback: string | null;
  feedback_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RequestEvent {
  state: string;
  note: string;
  by_staff: boolean;
  created_at: Date;
}

const COLUMNS = `id::text AS id, request_no, user_id, local, url_local, order_id::text AS order_id,
  device_id::text AS device_id, commodity_id,
  product_id, product_name, kind, imei, serial, model,
  to_char(purchase_date, 'YYYY-MM-DD') AS purchase_date, description, state, feedback, feedback_at, created_at,
  updated_at`;

export interface ApplyInput {
  userId: number;
  local: string;
  urlLocal: string;
  /** The order line asked about; null for a registered device bought elsewhere (then `deviceId` names it). */
  orderId: string | null;
  commodityId: string;
  /** One of the user's verified devices the request is for (its numbers are `imei` and `serial`). */
  deviceId: string | null;
  kind: RequestKind;
  imei: string | null;
  serial: string | null;
  model: string;
  purchaseDate: string;
  description: string;
  uploadIds: readonly string[];
  /** The message the shopper gets, written once the request number is known. */
  message: (row: ServiceRequestRow) => { title: string; body: string };
}

/** A stored file, or the quota (uploads/quota.ts) that refused it. */
export type SaveUploadResult = { ok: true; upload: UploadMeta } | { ok: false; quota: UploadQuotaKind };

/** Files not attached to anything yet. */
const PENDING = UNATTACHED_UPLOAD;

export type ApplyResult =
  | { ok: true; request: ServiceRequestRow }
  | { ok: false; reason: 'order' | 'device' | 'uploads' | 'already_open' | 'proof_required' };

const isId = (id: string) => /^\d{1,18}$/.test(id);
const isUuid = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/**
 * After-sales: proof-of-purchase uploads and repair / return / exchange requests for a product of one of
 * the user's paid orders, one product per request, with the schedule staff move forward and the shopper follows.
 */
export function aftersalesRepository(db: Database) {
  async function events(q: Queryable, requestId: string): Promise<RequestEvent[]> {
    return q.query<RequestEvent>(
      `SELECT state, note, by_staff, created_at FROM service_request_events WHERE request_id = $1 ORDER BY id`,
      [requestId],
    );
  }
  async function storageUseIn(q: Queryable, userId: number): Promise<StorageUse> {
    return (
      await q.query<StorageUse>(
        `SELECT count(*)::int AS files, coalesce(sum(size), 0)::float8 AS bytes,
              (count(*) FILTER (WHERE ${PENDING}))::int AS "pendingFiles", coalesce(sum(size) FILTER (WHERE ${PENDING}),
              0)::float8 AS "pendingBytes"
       FROM uploads WHERE user_id = $1`,
        [userId],
      )
    )[0]!;
  }
  async function uploadsOf(q: Queryable, requestId: string): Promise<UploadMeta[]> {
    return q.query<UploadMeta>(
      `SELECT id::text AS id, file_name, content_type, size, created_at FROM uploads WHERE request_id = $1
       ORDER BY created_at, id`,
      [requestId],
    );
  }

  return {
    /**
     * Stores a checked file for its owner unless it breaks a quota of UPLOAD_QUOTA: the account's waiting files,
     * everything the account stores in every storefront, or what the client address stored today. The account's
     * lock and the address's counter row make parallel uploads queue, so together they never overshoot.
     */
    async saveUpload(
      owner: { userId: number; address: string },
      fileName: string,
      type: UploadType,
      bytes: Uint8Array,
    ): Promise<SaveUploadResult> {
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('uploads'), $1::int)`, [owner.userId]);
        const over = accountQuotaBreak(await storageUseIn(tx, owner.userId), bytes.length);
        if (over) return { ok: false, quota: over };
        // Counts the bytes only while the day's total stays within the budget; the row lock orders racing uploads.
        const counted = await tx.query(
          `INSERT INTO upload_address_bytes AS a (address, day, bytes)
           SELECT $1, (now() AT TIME ZONE 'UTC')::date, $2::bigint WHERE $2::bigint <= $3::bigint
           ON CONFLICT (address, day) DO UPDATE SET bytes = a.bytes + EXCLUDED.bytes
           WHERE a.bytes + EXCLUDED.bytes <= $3::bigint
           RETURNING bytes`,
          [owner.address, bytes.length, UPLOAD_QUOTA.addressBytesPerDay],
        );
        if (counted.length === 0) return { ok: false, quota: 'address' };
        const upload = (
          await tx.query<UploadMeta>(
            `INSERT INTO uploads (id, user_id, file_name, content_type, size, bytes) VALUES ($1, $2, $3, $4, $5, $6)
           RETURNING id::text AS id, file_name, content_type, size, created_at`,
            [randomUUID(), owner.userId, fileName, type, bytes.length, Buffer.from(bytes)],
          )
        )[0]!;
        return { ok: true, upload };
      });
    },

    /** What an account stores in every storefront (staff see it beside the quota). */
    async storageUse(userId: number): Promise<StorageUse> {
      return storageUseIn(db, userId);
    },

    /** A file for its owner, or for staff; null otherwise (another user's id reads as unknown). */
    async upload(viewer: { id: number; staff: boolean }, id: string): Promise<(UploadMeta & { bytes: Buffer }) | null> {
      if (!isUuid(id)) return null;
      const row = (
        await db.query<UploadMeta & { bytes: Uint8Array; user_id: number }>(
          `SELECT id::text AS id, user_id, file_name, content_type, size, bytes, created_at FROM uploads WHERE id = $1`,
          [id],
        )
      )[0];
      if (!row || (row.user_id !== viewer.id && !viewer.staff)) return null;
      return { ...row, bytes: Buffer.from(row.bytes) };
    },

    async deleteUpload(userId: number, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (
        (await db.query(`DELETE FROM uploads WHERE id = $1 AND user_id = $2 AND ${PENDING} RETURNING id`, [id, userId]))
          .length > 0
      );
    },

    /** Uploads never attached go after a day; so do the address counters of days past. */
    async pruneUploads(): Promise<number> {
      await db.query(`DELETE FROM upload_address_bytes WHERE day < (now() AT TIME ZONE 'UTC')::date`);
      return (
        await db.query(`DELETE FROM uploads WHERE ${PENDING} AND created_at < now() - interval '1 day' RETURNING id`)
      ).length;
    },

    /** The products of the user's paid orders in this country that a request can be made for. */
    async eligibleLines(userId: number, local: string) {
      return db.query<{
        order_id: string;
        commodity_id: string;
        product_id: string;
        name: string;
        spec: string;
        paid_at: Date;
        open_request: string | null;
      }>(
        `SELECT o.id::text AS order_id, l.commodity_id, l.product_id, l.name, l.spec, o.paid_at,
                (SELECT r.request_no FROM service_requests r WHERE r.order_id = o.id AND r.commodity_id = l.commodity_id
                AND r.state = ANY($3::text[]) LIMIT 1) AS open_request
         FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE o.user_id = $1 AND o.local = $2 AND o.state IN ${PAID_STATES_SQL} AND o.kind <> 'deposit'
           AND l.product_id <> 'gift-card'
         ORDER BY o.paid_at DESC, l.line_no LIMIT 100`,
        [userId, local, OPEN_STATES],
      );
    },

    async apply(input: ApplyInput): Promise<ApplyResult> {
      try {
        return await db.transaction((tx) => applyIn(tx, input));
      } catch (err) {
        if (err instanceof ApplyRollback) return err.result;
        if (isUniqueViolation(err)) return { ok: false, reason: 'already_open' };
        throw err;
      }
    },

    async list(userId: number, local: string): Promise<ServiceRequestRow[]> {
      // Newest first by time: ids are not in creation order.
      return db.query<ServiceRequestRow>(
        `SELECT ${COLUMNS} FROM service_requests WHERE user_id = $1 AND local = $2 ORDER BY created_at DESC, id DESC
         LIMIT 100`,
        [userId, local],
      );
    },

    /** One request with its schedule and files, for its owner or staff. */
    async detail(viewer: { id: number; staff: boolean }, id: string) {
      if (!isId(id)) return null;
      const row = (await db.query<ServiceRequestRow>(`SELECT ${COLUMNS} FROM service_requests WHERE id = $1`, [id]))[0];
      if (!row || (row.user_id !== viewer.id && !viewer.staff)) return null;
      return { request: row, events: await events(db, id), uploads: await uploadsOf(db, id) };
    },

    /** Service progress without an account: the request number and the device's IMEI or serial must both match. */
    async progress(requestNo: string, device: string) {
      const row = (
        await db.query<ServiceRequestRow>(
          `SELECT ${COLUMNS} FROM service_requests WHERE request_no = $1 AND (imei = $2 OR serial = $2)`,
          [requestNo, device],
        )
      )[0];
      return row ? { request: row, events: await events(db, row.id) } : null;
    },

    /** The shopper withdraws a request staff have not received yet. */
    async cancel(userId: number, id: string): Promise<'cancelled' | 'not_found' | 'too_late'> {
      if (!isId(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (
          await tx.query<{ state: RequestState; kind: RequestKind }>(
            `SELECT state, kind FROM service_requests WHERE id = $1 AND user_id = $2 FOR UPDATE`,
            [id, userId],
          )
        )[0];
        if (!row) return 'not_found';
        // A return can be withdrawn until the courier has the goods.
        const open = row.state === 'submitted' || (row.kind === 'return' && row.state === 'pickup_scheduled');
        if (!open) return 'too_late';
        await tx.query(`UPDATE service_requests SET state = 'cancelled', updated_at = now() WHERE id = $1`, [id]);
        await tx.query(`INSERT INTO service_request_events (request_id, state) VALUES ($1, 'cancelled')`, [id]);
        return 'cancelled';
      });
    },

    /** Feedback (the repair description rules: 50–500 characters) on a completed request, once. */
    async feedback(
      userId: number,
      id: string,
      text: string,
    ): Promise<'saved' | 'not_found' | 'not_completed' | 'given'> {
      if (!isId(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (
          await tx.query<{ state: RequestState; feedback: string | null }>(
            `SELECT state, feedback FROM service_requests WHERE id = $1 AND user_id = $2 FOR UPDATE`,
            [id, userId],
          )
        )[0];
        if (!row) return 'not_found';
        if (row.state !== 'completed' && row.state !== 'rejected') return 'not_completed';
        if (row.feedback) return 'given';
        await tx.query(`UPDATE service_requests SET feedback = $2, feedback_at = now() WHERE id = $1`, [id, text]);
        return 'saved';
      });
    },

    /** The requests staff work on, oldest change first (open ones by default). */
    async staffList(state: RequestState | 'open', limit = 100): Promise<ServiceRequestRow[]> {
      const states = state === 'open' ? OPEN_STATES : [state];
      return db.query<ServiceRequestRow>(
        `SELECT ${COLUMNS} FROM service_requests WHERE state = ANY($1::text[]) ORDER BY updated_at, id LIMIT $2`,
        [states, limit],
      );
    },

    /** Staff move a request one step (NEXT_STATES); the shopper gets a message in the same transaction. */
    async advance(
      id: string,
      to: RequestState,
      note: string,
      message: (row: ServiceRequestRow) => { title: string; body: string },
    ): Promise<'moved' | 'not_found' | 'not_allowed'> {
      if (!isId(id)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (
          await tx.query<ServiceRequestRow>(`SELECT ${COLUMNS} FROM service_requests WHERE id = $1 FOR UPDATE`, [id])
        )[0];
        if (!row) return 'not_found';
        // A return moves through its own steps, which refund and record the order's timeline.
        if (row.kind === 'return' || !NEXT_STATES[row.state].includes(to)) return 'not_allowed';
        const moved = (
          await tx.query<ServiceRequestRow>(
            `UPDATE service_requests SET state = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
            [id, to],
          )
        )[0]!;
        await tx.query(
          `INSERT INTO service_request_events (request_id, state, note, by_staff) VALUES ($1, $2, $3, true)`,
          [id, to, note],
        );
        const text = message(moved);
        await postMessageIn(tx, {
          userId: row.user_id,
          kind: 'service',
          title: text.title,
          body: text.body,
          link: `/${row.url_local}/support/aftersales/apply/${row.id}/`,
        });
        return 'moved';
      });
    },
  };
}

/** A request refused after something was written: its transaction rolls back, and the caller answers `result`. */
export class ApplyRollback extends Error {
  constructor(readonly result: ApplyResult) {
    super('rollback');
  }
}

/**
 * Writes a request for a product of one of the user's paid orders in the caller's transaction: its number, its
 * files, its first event and the shopper's message. Throws ApplyRollback when a file is not the user's to attach
 * (the caller's transaction must roll back); a second open request for the product breaks its unique index.
 */
export async function applyIn(tx: Queryable, input: ApplyInput): Promise<ApplyResult> {
  if (input.orderId === null ? input.deviceId === null : !isId(input.orderId)) return { ok: false, reason: 'order' };
  if (input.deviceId !== null && !isId(input.deviceId)) return { ok: false, reason: 'device' };
  if (input.uploadIds.length === 0) return { ok: false, reason: 'proof_required' };
  if (input.uploadIds.length > UPLOADS_PER_REQUEST || !input.uploadIds.every(isUuid))
    return { ok: false, reason: 'uploads' };
  // The device stays the user's until the request is written (a removal waits for this transaction).
  const device = input.deviceId
    ? (
        await tx.query<{ product_id: string; name: string }>(
          `SELECT product_id, model AS name FROM devices WHERE id = $1 AND user_id = $2 AND ended_at IS NULL
             AND verification = 'verified' FOR SHARE`,
          [input.deviceId, input.userId],
        )
      )[0]
    : undefined;
  if (input.deviceId && !device) return { ok: false, reason: 'device' } as const;
  const line =
    input.orderId === null
      ? device
      : (
          await tx.query<{ product_id: string; name: string }>(
            `SELECT l.product_id, l.name FROM orders o JOIN order_lines l ON l.order_id = o.id
               WHERE o.id = $1 AND o.user_id = $2 AND o.local = $3 AND l.commodity_id = $4
                 AND o.state IN ${PAID_STATES_SQL} AND o.kind <> 'deposit'`,
            [input.orderId, input.userId, input.local, input.commodityId],
          )
        )[0];
  if (!line) return { ok: false, reason: 'order' } as const;
  const row = (
    await tx.query<ServiceRequestRow>(
      // The id and number come from a keyed permutation of the sequence (migration 026): they do not count
      // requests.
      `INSERT INTO service_requests (id, request_no, user_id, local, url_local, order_id, commodity_id,
         product_id, product_name, kind, imei, serial, model, purchase_date, description, state, device_id)
       SELECT n.new_id, n.request_no, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::date, $13, 'submitted', $14
       FROM new_service_request_number() n
       RETURNING ${COLUMNS}`,
      [
        input.userId,
        input.local,
        input.urlLocal,
        input.orderId,
        input.commodityId,
        line.product_id,
        line.name,
        input.kind,
        input.imei,
        input.serial,
        input.model,
        input.purchaseDate,
        input.description,
        input.deviceId,
      ],
    )
  )[0]!;
  const attached = await tx.query(
    `UPDATE uploads SET request_id = $1 WHERE id = ANY($2::uuid[]) AND user_id = $3 AND ${UNATTACHED_UPLOAD}
     RETURNING id`,
    [row.id, input.uploadIds, input.userId],
  );
  if (attached.length !== new Set(input.uploadIds).size) throw new ApplyRollback({ ok: false, reason: 'uploads' });
  await tx.query(`INSERT INTO service_request_events (request_id, state) VALUES ($1, 'submitted')`, [row.id]);
  const text = input.message(row);
  await postMessageIn(tx, {
    userId: input.userId,
    kind: 'service',
    title: text.title,
    body: text.body,
    link: `/${input.urlLocal}/support/aftersales/apply/${row.id}/`,
  });
  return { ok: true, request: row } as const;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

export type AftersalesRepository = ReturnType<typeof aftersalesRepository>;
