import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/types';
import type { BnplCheckout, BnplProvider, BnplSession, BnplStatus } from './bnpl';
import { sandboxRefund } from './sandbox-refunds';

interface SessionRow {
  ref: string;
  reference: string;
  offer: string;
  user_id: number;
  url_local: string;
  amount: number;
  currency: string;
  callback_url: string;
  status: BnplStatus;
}

const SESSION_COLUMNS =
  'ref, reference, offer, user_id, url_local, amount::float8 AS amount, currency, callback_url, status';
export const SESSION_REF = /^bnpl_[A-Za-z0-9_-]{24}$/;

const toSession = (row: SessionRow): BnplSession => ({
  sessionRef: row.ref,
  reference: row.reference,
  offer: row.offer,
  status: row.status,
  amountMinor: row.amount,
  currency: row.currency,
});

/** The sandbox provider: the calls of every BNPL provider, plus what its approval page does. */
export interface BnplSandbox extends BnplProvider {
  /** A session as its approval page shows it, only to the store user it was opened for. */
  page(sessionRef: string, userId: number): Promise<(BnplSession & { urlLocal: string }) | null>;
  /**
   * The shopper's answer on the approval page: settles a pending session once, and gives the signed callback
   * URL to send them back to (also for a session settled before, so a resubmitted form lands on the result).
   */
  decide(
    sessionRef: string,
    userId: number,
    decision: 'approved' | 'declined',
  ): Promise<{ session: BnplSession; callbackUrl: string } | null>;
}

/**
 * Pay-later providers that run inside the store for development, tests and demos: no network, no third party.
 * Like the card sandbox, its books are tables of the same database (every API process sees the same sessions),
 * and its signing key is one database row, so a callback signed by one process verifies in another.
 */
export function bnplSandbox(db: Database): BnplSandbox {
  let key: Buffer | null = null;
  async function signingKey(): Promise<Buffer> {
    if (key) return key;
    await db.query(`INSERT INTO sandbox_bnpl_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
      randomBytes(32).toString('base64url'),
    ]);
    const row = (await db.query<{ secret: string }>(`SELECT secret FROM sandbox_bnpl_keys WHERE id = 1`))[0]!;
    key = Buffer.from(row.secret, 'base64url');
    return key;
  }
  const sign = async (ref: string, status: string) =>
    createHmac('sha256', await signingKey())
      .update(`${ref}.${status}`)
      .digest('base64url');

  async function callbackUrl(row: SessionRow): Promise<string> {
    const url = new URL(row.callback_url);
    url.searchParams.set('session', row.ref);
    url.searchParams.set('status', row.status);
    url.searchParams.set('signature', await sign(row.ref, row.status));
    return url.toString();
  }

  const byRef = async (ref: string) =>
    SESSION_REF.test(ref)
      ? ((
          await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sandbox_bnpl_sessions WHERE ref = $1`, [ref])
        )[0] ?? null)
      : null;

  return {
    id: 'bnpl-sandbox',

    async createSession(input: BnplCheckout) {
      const ref = `bnpl_${randomBytes(18).toString('base64url')}`;
      const inserted = await db.query<SessionRow>(
        `INSERT INTO sandbox_bnpl_sessions (ref, reference, offer, user_id, url_local, amount, currency, callback_url,
           status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending') ON CONFLICT (reference) DO NOTHING
         RETURNING ${SESSION_COLUMNS}`,
        [
          ref,
          input.reference,
          input.offer,
          input.userId,
          input.urlLocal,
          input.amountMinor,
          input.currency,
          input.callbackUrl,
        ],
      );
      // The same reference twice (a retry) gets the first session.
      const row =
        inserted[0] ??
        (
          await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sandbox_bnpl_sessions WHERE reference = $1`, [
            input.reference,
          ])
        )[0]!;
      return { session: toSession(row), redirectUrl: `/api/${row.url_local}/pay/bnpl/sandbox/${row.ref}` };
    },

    async retrieve(sessionRef) {
      const row = await byRef(sessionRef);
      return row ? toSession(row) : null;
    },

    async verifyCallback(query) {
      if (!SESSION_REF.test(query.session) || !['approved', 'declined', 'pending', 'expired'].includes(query.status))
        return false;
      const expected = Buffer.from(await sign(query.session, query.status));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async lookup(reference) {
      const row = (
        await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sandbox_bnpl_sessions WHERE reference = $1`, [
          reference,
        ])
      )[0];
      return row ? toSession(row) : null;
    },

    async cancel(reference) {
      // One statement decides against the shopper's approval (also one statement): whichever comes first stands.
      const rows = await db.query<SessionRow>(
        `UPDATE sandbox_bnpl_sessions SET status = CASE WHEN status = 'pending' THEN 'expired' ELSE status END,
           decided_at = coalesce(decided_at, now())
         WHERE reference = $1 RETURNING ${SESSION_COLUMNS}`,
        [reference],
      );
      return rows[0] ? toSession(rows[0]) : null;
    },

    refund: (request) =>
      sandboxRefund(
        db,
        { provider: 'bnpl-sandbox', table: 'sandbox_bnpl_sessions', refundable: `status = 'approved'` },
        request,
      ),

    async page(sessionRef, userId) {
      const row = await byRef(sessionRef);
      return row && row.user_id === userId ? { ...toSession(row), urlLocal: row.url_local } : null;
    },

    async decide(sessionRef, userId, decision) {
      if (!SESSION_REF.test(sessionRef)) return null;
      // One statement settles a pending session; a second answer (another tab, a double click) changes nothing.
      await db.query(
        `UPDATE sandbox_bnpl_sessions SET status = $3, decided_at = now()
         WHERE ref = $1 AND user_id = $2 AND status = 'pending'`,
        [sessionRef, userId, decision],
      );
      const row = await byRef(sessionRef);
      if (!row || row.user_id !== userId) return null;
      return { session: toSession(row), callbackUrl: await callbackUrl(row) };
    },
  };
}
