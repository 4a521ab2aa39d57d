import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { hashToken, newToken } from '../auth/tokens';

/** How long the mail link that confirms a deletion works. */
export const DELETION_CONFIRM_HOURS = 24;
/** After the grace period, a deletion held up by an open order is tried again this much later. */
export const DELETION_RETRY_HOURS = 24;

export interface DeletionRow {
  id: number;
  user_id: number;
  url_local: string;
  state: 'unconfirmed' | 'scheduled' | 'cancelled' | 'erased';
  requested_at: string;
  confirmed_at: string | null;
  effective_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  postponed: number;
  erased_at: string | null;
}

const COLUMNS =
  'id, user_id, url_local, state, requested_at, confirmed_at, effective_at, cancelled_at, cancel_reason, postponed, ' +
  'erased_at';

/**
 * What keeps an account from being erased: orders not yet delivered or cancelled (in review, unpaid, paid, in the
 * warehouse, on their way), refunds not yet paid, and service requests (returns, repairs) not closed. The store
 * still owes or is owed something there, and needs the shopper's address and mailbox to finish it.
 */
export async function openDealings(q: Queryable, userId: number): Promise<{ orders: number; services: number }> {
  const rows = await q.query<{ orders: number; services: number }>(
    `SELECT
       (SELECT count(*)::int FROM orders o WHERE o.user_id = $1
          AND (o.state IN ('in_review', 'unpaid', 'paid', 'processing', 'partially_shipped', 'shipped')
            OR EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.state NOT IN ('succeeded', 'failed')))
       ) AS orders,
       (SELECT count(*)::int FROM service_requests s WHERE s.user_id = $1
          AND s.state NOT IN ('completed', 'rejected', 'cancelled')) AS services`,
    [userId],
  );
  return rows[0] ?? { orders: 0, services: 0 };
}

/**
 * The order's delivery address keeps only what the tax and statistics records need (the region and postal code);
 * the name and billing address stay on the invoices, which are kept unchanged for the legal retention period.
 */
const ORDER_ADDRESS_KEPT = ['state', 'city', 'postal_code', 'postalCode', 'country'];

/**
 * The erasure of one account, statement by statement: what is deleted, what is anonymised. Orders, their lines,
 * payments (brand and last four only), shipments, refunds and invoices are kept for the legal retention period.
 */
const ERASURE: (string | [string, 'kept address' | 'new customer id'])[] = [
  `DELETE FROM sessions WHERE user_id = $1`,
  `DELETE FROM trusted_devices WHERE user_id = $1`,
  `DELETE FROM account_tokens WHERE user_id = $1 OR email = (SELECT email FROM users WHERE id = $1)`,
  `DELETE FROM addresses WHERE user_id = $1`,
  `DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = $1)`,
  `DELETE FROM carts WHERE user_id = $1`,
  `DELETE FROM messages WHERE user_id = $1`,
  `DELETE FROM notification_prefs WHERE user_id = $1`,
  `DELETE FROM stock_alerts WHERE user_id = $1`,
  `DELETE FROM sale_reminders WHERE user_id = $1`,
  `DELETE FROM saved_cards WHERE user_id = $1`,
  `DELETE FROM subscriptions WHERE email = (SELECT email FROM users WHERE id = $1)`,
  `DELETE FROM data_exports WHERE user_id = $1`,
  `DELETE FROM chat_messages WHERE conversation_id IN (SELECT id FROM chat_conversations WHERE user_id = $1)`,
  `DELETE FROM chat_conversations WHERE user_id = $1`,
  `DELETE FROM support_ticket_requests WHERE user_id = $1 AND ticket_id IS NULL`,
  `UPDATE support_ticket_requests SET name = '', email = '', body = '' WHERE user_id = $1`,
  `UPDATE support_tickets SET name = '', email = '' WHERE user_id = $1`,
  `UPDATE support_ticket_messages SET body = '' WHERE author = 'customer'
      AND ticket_id IN (SELECT id FROM support_tickets WHERE user_id = $1)`,
  // Registrations staff never verified vouch for nothing and go; a held unit is let go (its warranty, a fact of the
  // unit and not of the person, stays for its next owner and the warranty check).
  `DELETE FROM devices WHERE user_id = $1 AND verification <> 'verified'`,
  `UPDATE devices SET ended_at = now(), ended_reason = 'erased' WHERE user_id = $1 AND ended_at IS NULL`,
  `DELETE FROM uploads WHERE user_id = $1`,
  `DELETE FROM user_avatars WHERE user_id = $1`,
  `DELETE FROM email_changes WHERE user_id = $1`,
  // A review's words stay (other shoppers relied on them); its author does not.
  `UPDATE reviews SET anonymous = true, author_name = '***' WHERE user_id = $1`,
  `DELETE FROM review_likes WHERE user_id = $1`,
  // Points and unused coupons lapse with the account; a gift card is a bearer code and keeps its balance.
  `DELETE FROM points_ledger WHERE user_id = $1`,
  `DELETE FROM club_birthday_grants WHERE user_id = $1`,
  `DELETE FROM user_coupons WHERE user_id = $1 AND order_id IS NULL`,
  // The code stops working; a sign-up record stays without anything naming the person (the other side's reward
  // history), and its reward claims are hashes that keep the limits against abuse.
  `DELETE FROM friend_codes WHERE user_id = $1`,
  `UPDATE fcodes SET user_id = NULL WHERE user_id = $1`,
  `UPDATE gift_cards SET owner_id = NULL WHERE owner_id = $1`,
  `UPDATE gift_cards SET bought_by = NULL WHERE bought_by = $1`,
  // Device numbers and descriptions are blanked within the tables' own checks (a 15-digit IMEI, 6+ characters).
  `UPDATE trade_ins SET imei = '000000000000000' WHERE user_id = $1`,
  `UPDATE service_requests SET imei = CASE WHEN imei IS NULL AND serial IS NULL THEN NULL ELSE '000000000000000' END,
      serial = NULL, description = '(erased)' WHERE user_id = $1`,
  `UPDATE appointments SET note = NULL WHERE user_id = $1`,
  `UPDATE enterprise_accounts SET contact = '{}'::jsonb WHERE user_id = $1`,
  // A flash sale's places and asks stay (their arrival order and units are the sale's books); the browser and the
  // address they came from go.
  `UPDATE flash_places SET device_id = NULL, client_address = NULL WHERE user_id = $1`,
  `UPDATE flash_arrivals SET device_id = NULL, client_address = NULL WHERE user_id = $1`,
  // The student status and its school address go with the account; the address may verify a new account.
  `DELETE FROM student_verifications WHERE user_id = $1`,
  `DELETE FROM student_school_addresses WHERE user_id = $1`,
  // Mails to the address (sign-up links, order mails) go with it; only the notice of the erasure itself is sent.
  `DELETE FROM mail_outbox WHERE recipient = (SELECT email FROM users WHERE id = $1) AND kind <> 'account-erased'`,
  [
    `UPDATE orders SET address = (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
      FROM jsonb_each(address) WHERE key = ANY($2::text[])) WHERE user_id = $1`,
    'kept address',
  ],
  // The row stays (kept orders and invoices point at it) with nothing naming the person; the address is free.
  [
    `UPDATE users SET email = 'erased-' || id || '@erased.invalid', password_hash = '!', nickname = '', icon = NULL,
      phone = NULL, phone_local = NULL, birthday = NULL, birthday_changed_at = NULL,
      c_user_id = $2, erased_at = now() WHERE id = $1`,
    'new customer id',
  ],
];

/**
 * User columns whose rows an erasure keeps as they are, each with the reason; every other user column's table is
 * named in ERASURE (server/data-rights/archive-coverage.test.ts checks both against the database).
 */
export const ERASURE_KEEPS: Record<string, string> = {
  'orders.user_id': 'kept for the legal retention period (address reduced in ERASURE)',
  'friend_referrals.referrer_id':
    "the friend's side of a sign-up with a code: states and dates of a reward, nothing naming the person",
  'friend_referrals.referee_id':
    "the new shopper's side of a sign-up with a code: states and dates of the friend's reward, nothing naming them",
  'invoices.user_id': 'invoices and credit notes are kept unchanged for the legal retention period',
  'cod_orders.user_id': 'part of a kept order: amounts and states, nothing naming the person',
  'account_deletions.user_id': 'the record that the account was erased, and when (no personal data)',
  'sandbox_async_payments.user_id': "the payment sandbox stands in for a provider's own records",
  'sandbox_bank_accounts.user_id': "the payment sandbox stands in for a bank's own records",
  'sandbox_bnpl_sessions.user_id': "the payment sandbox stands in for a pay-later provider's own records",
  'enterprise_accounts.reviewed_by': 'staff work record (staff accounts are not deleted here)',
  'service_requests.assessed_by': 'staff work record',
  'devices.reviewed_by': 'staff work record',
  'support_ticket_messages.staff_user_id': 'staff work record',
  'release_builds.requested_by': 'release manager work record',
  'release_events.actor_id': 'release manager work record',
  'stock_movements.actor_id': 'operator work record',
  'webhook_endpoints.created_by': 'staff work record',
};

/** The tables an erasure deletes from or blanks. */
export function erasedTables(): Set<string> {
  const sql = ERASURE.map((step) => (typeof step === 'string' ? step : step[0])).join('\n');
  return new Set([...sql.matchAll(/(?:DELETE FROM|UPDATE)\s+([a-z_]+)/g)].map((m) => m[1]!));
}

/** Requests to delete an account: the mail link, the grace period, cancellation by signing in, and the erasure. */
export function accountDeletionsRepository(db: Database) {
  return {
    /** The account's open request (unconfirmed or scheduled), or null. */
    async open(userId: number): Promise<DeletionRow | null> {
      const rows = await db.query<DeletionRow>(
        `SELECT ${COLUMNS} FROM account_deletions WHERE user_id = $1 AND state IN ('unconfirmed', 'scheduled')`,
        [userId],
      );
      return rows[0] ?? null;
    },

    /**
     * A new unconfirmed request with its mail token, replacing an unconfirmed one (a second ask sends a new link);
     * null when the deletion is already scheduled. The one-open index keeps parallel requests to one row.
     */
    async request(
      userId: number,
      urlLocal: string,
      then: (tx: Queryable, token: string) => Promise<void>,
    ): Promise<{ row: DeletionRow; token: string } | null> {
      return db.transaction(async (tx) => {
        await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
        const open = await tx.query<DeletionRow>(
          `SELECT ${COLUMNS} FROM account_deletions WHERE user_id = $1 AND state IN ('unconfirmed', 'scheduled')`,
          [userId],
        );
        if (open[0]?.state === 'scheduled') return null;
        const token = newToken();
        const rows = open[0]
          ? await tx.query<DeletionRow>(
              `UPDATE account_deletions SET token_hash = $2, requested_at = now(),
                      confirm_by = now() + make_interval(hours => $3)
                WHERE id = $1 RETURNING ${COLUMNS}`,
              [open[0].id, hashToken(token), DELETION_CONFIRM_HOURS],
            )
          : await tx.query<DeletionRow>(
              `INSERT INTO account_deletions (user_id, url_local, state, token_hash, confirm_by)
               VALUES ($1, $2, 'unconfirmed', $3, now() + make_interval(hours => $4)) RETURNING ${COLUMNS}`,
              [userId, urlLocal, hashToken(token), DELETION_CONFIRM_HOURS],
            );
        await then(tx, token);
        return { row: rows[0]!, token };
      });
    },

    /**
     * Confirms by the mail link: the deletion is scheduled `graceMs` from now and every session of the account ends
     * (so signing in again, which cancels it, is a deliberate act). Null for an unknown, used or expired link.
     */
    async confirm(
      token: string,
      graceMs: number,
      then: (tx: Queryable, row: DeletionRow) => Promise<void>,
    ): Promise<DeletionRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<DeletionRow>(
          `UPDATE account_deletions SET state = 'scheduled', token_hash = NULL, confirmed_at = now(),
                  effective_at = now() + make_interval(secs => $2::float8 / 1000)
            WHERE token_hash = $1 AND state = 'unconfirmed' AND confirm_by > now() RETURNING ${COLUMNS}`,
          [hashToken(token), graceMs],
        );
        const row = rows[0];
        if (!row) return null;
        await tx.query(`DELETE FROM sessions WHERE user_id = $1`, [row.user_id]);
        await then(tx, row);
        return row;
      });
    },

    /**
     * Cancels a request: a sign-in cancels a scheduled deletion (an unconfirmed one keeps its link, which a shopper
     * may open on a browser they first sign in on); the shopper withdraws an unconfirmed one. The row, or null.
     */
    async cancel(q: Queryable, userId: number, reason: 'sign_in' | 'shopper'): Promise<DeletionRow | null> {
      const rows = await q.query<DeletionRow>(
        `UPDATE account_deletions SET state = 'cancelled', token_hash = NULL, cancelled_at = now(), cancel_reason = $2
          WHERE user_id = $1 AND state = $3 RETURNING ${COLUMNS}`,
        [userId, reason, reason === 'sign_in' ? 'scheduled' : 'unconfirmed'],
      );
      return rows[0] ?? null;
    },

    /**
     * Erases the account of a due, scheduled deletion in one transaction. 'postponed' when an order or service
     * request is still open (the caller tries again later), 'skipped' when the deletion is not due or was cancelled.
     */
    async erase(
      id: number,
      beforeErasure: (tx: Queryable, row: DeletionRow, email: string) => Promise<void>,
    ): Promise<'erased' | 'postponed' | 'skipped'> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<DeletionRow & { due: boolean }>(
          `SELECT ${COLUMNS}, (effective_at <= now()) AS due FROM account_deletions WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const row = rows[0];
        if (row?.state !== 'scheduled' || !row.due) return 'skipped';
        // The account's own lock: a sign-in that would cancel waits for this, or this for it.
        await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [row.user_id]);
        const open = await openDealings(tx, row.user_id);
        if (open.orders + open.services > 0) {
          await tx.query(`UPDATE account_deletions SET postponed = postponed + 1 WHERE id = $1`, [id]);
          return 'postponed';
        }
        const email = (await tx.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [row.user_id]))[0];
        if (email) await beforeErasure(tx, row, email.email);
        const cUserId = `erased-${randomBytes(12).toString('hex')}`;
        for (const step of ERASURE) {
          if (typeof step === 'string') await tx.query(step, [row.user_id]);
          else await tx.query(step[0], [row.user_id, step[1] === 'kept address' ? ORDER_ADDRESS_KEPT : cUserId]);
        }
        await tx.query(`UPDATE account_deletions SET state = 'erased', erased_at = now() WHERE id = $1`, [id]);
        return 'erased';
      });
    },

    /** Scheduled deletions past their time (the job's safety net after a lost job). */
    async due(): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        `SELECT id FROM account_deletions WHERE state = 'scheduled' AND effective_at <= now() ORDER BY id LIMIT 100`,
      );
      return rows.map((r) => Number(r.id));
    },

    /** The mail address and language of the account behind a deletion. */
    async recipient(q: Queryable, userId: number): Promise<string | null> {
      const rows = await q.query<{ email: string }>(`SELECT email FROM users WHERE id = $1 AND erased_at IS NULL`, [
        userId,
      ]);
      return rows[0]?.email ?? null;
    },
  };
}
export type AccountDeletionsRepository = ReturnType<typeof accountDeletionsRepository>;
