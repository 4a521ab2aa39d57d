import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import type { AsyncAction, AsyncPayment, AsyncProvider, AsyncStart, AsyncStatus } from './async-provider';
import { sandboxRefund } from './sandbox-refunds';
import { checkWebhookSignature, signWebhook } from './webhook-signature';
import { sandboxQrSvg } from './sandbox-qr';
import { konbiniAction } from './konbini-sandbox';
import { openUpiRequest, sandboxUpiIdCheck, upiDeclinedAtOnce } from './upi-sandbox';

interface PaymentRowOfSandbox {
  ref: string;
  reference: string;
  method: AsyncPayment['method'];
  wallet: string | null;
  user_id: number;
  url_local: string;
  amount: number;
  currency: string;
  return_url: string;
  status: AsyncStatus;
  expires_at: Date;
}

const COLUMNS =
  'ref, reference, method, wallet, user_id, url_local, amount::float8 AS amount, currency, return_url, status, ' +
  'expires_at';
export const ASYNC_REF = /^apay_[A-Za-z0-9_-]{24}$/;
const EVENT_ID = /^evt_[A-Za-z0-9_-]{24}$/;

/** The text the sandbox's QRIS code carries (a real QRIS payload is an EMVCo string the wallet reads). */
export const qrisPayload = (p: Pick<AsyncPayment, 'providerRef' | 'amountMinor' | 'currency'>) =>
  `SANDBOX-QRIS|${p.providerRef}|${p.amountMinor}|${p.currency}`;

const toPayment = (row: PaymentRowOfSandbox): AsyncPayment => ({
  providerRef: row.ref,
  reference: row.reference,
  method: row.method,
  status: row.status,
  amountMinor: row.amount,
  currency: row.currency,
  expiresAt: new Date(row.expires_at),
});

/** A webhook as the sandbox sends it: the raw body and its signature header. */
export interface SignedWebhook {
  eventId: string;
  body: string;
  signature: string;
}

/** The sandbox provider: the calls of every async provider, plus what its own pages and its webhook sender do. */
export interface AsyncSandbox extends AsyncProvider {
  /** A payment as its approval page shows it, only to the store user it was opened for. */
  page(ref: string, userId: number): Promise<(AsyncPayment & { urlLocal: string; wallet: string | null }) | null>;
  /**
   * The shopper's answer on the wallet's page: settles a pending, unexpired payment once and queues its signed
   * webhook; gives the store's return URL (also for a payment settled before, so a resubmitted form lands there).
   */
  decide(ref: string, userId: number, decision: 'paid' | 'cancelled'): Promise<{ returnUrl: string } | null>;
  /** The webhooks not yet accepted by the store, signed now (what the sender posts, and what tests replay). */
  undelivered(limit?: number, at?: Date): Promise<SignedWebhook[]>;
  /** Marks a webhook accepted (the store answered 2xx): it is not sent again. */
  delivered(eventId: string): Promise<void>;
  /** Posts every undelivered webhook to the store's webhook URL; a failed post stays queued for the next round. */
  deliver(url: string, post?: typeof fetch): Promise<number>;
}

/**
 * Posts a sandbox's undelivered webhooks to the store, each signed now; one the store accepted (2xx) is marked
 * delivered, one it did not stays queued for the next round. Answers how many were delivered.
 */
export async function postUndelivered(
  sandbox: Pick<AsyncSandbox, 'undelivered' | 'delivered'>,
  url: string,
  post: typeof fetch = fetch,
): Promise<number> {
  let sent = 0;
  for (const hook of await sandbox.undelivered()) {
    const answer = await post(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': hook.signature },
      body: hook.body,
    }).catch(() => null);
    if (answer?.ok) {
      await sandbox.delivered(hook.eventId);
      sent++;
    }
  }
  return sent;
}

/**
 * The async payment provider that runs inside the store for development, tests and demos (e-wallet by redirect and
 * QRIS by QR): no network for its books, which are tables of the same database, so every API process sees the same
 * payments; its webhooks are signed with ASYNC_PAYMENT_WEBHOOK_SECRET, or with a secret it keeps in the database.
 */
export function asyncSandbox(db: Database, options: { secret?: string } = {}): AsyncSandbox {
  let key: Buffer | null = options.secret ? Buffer.from(options.secret) : null;
  async function secret(): Promise<Buffer> {
    if (key) return key;
    await db.query(`INSERT INTO sandbox_async_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
      randomBytes(32).toString('base64url'),
    ]);
    key = Buffer.from(
      (await db.query<{ secret: string }>(`SELECT secret FROM sandbox_async_keys WHERE id = 1`))[0]!.secret,
    );
    return key;
  }

  const byRef = async (ref: string) =>
    ASYNC_REF.test(ref)
      ? ((
          await db.query<PaymentRowOfSandbox>(`SELECT ${COLUMNS} FROM sandbox_async_payments WHERE ref = $1`, [ref])
        )[0] ?? null)
      : null;

  /** A pending payment past its expiry is expired: the provider's clock decides, whoever asks first. */
  async function current(row: PaymentRowOfSandbox | null): Promise<PaymentRowOfSandbox | null> {
    // The UPI app of the declining test UPI ID refuses a collect request as soon as the provider is asked about it.
    if (row?.status === 'pending' && row.method === 'upi' && (await upiDeclinedAtOnce(db, row.ref))) {
      const declined = await db.query<PaymentRowOfSandbox>(
        `UPDATE sandbox_async_payments SET status = 'cancelled', decided_at = now()
         WHERE ref = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [row.ref],
      );
      if (declined[0]) await queueEvent(declined[0]);
      return declined[0] ?? (await byRef(row.ref));
    }
    if (row?.status !== 'pending' || new Date(row.expires_at).getTime() > Date.now()) return row;
    const rows = await db.query<PaymentRowOfSandbox>(
      `UPDATE sandbox_async_payments SET status = 'expired', decided_at = now()
       WHERE ref = $1 AND status = 'pending' AND expires_at <= now() RETURNING ${COLUMNS}`,
      [row.ref],
    );
    if (rows[0]) await queueEvent(rows[0]);
    return rows[0] ?? (await byRef(row.ref));
  }

  async function queueEvent(row: PaymentRowOfSandbox): Promise<void> {
    const id = `evt_${randomBytes(18).toString('base64url')}`;
    const body = JSON.stringify({ id, type: 'payment_updated', data: { ref: row.ref, status: row.status } });
    await db.query(`INSERT INTO sandbox_async_events (id, ref, status, body) VALUES ($1, $2, $3, $4)`, [
      id,
      row.ref,
      row.status,
      body,
    ]);
  }

  function action(row: PaymentRowOfSandbox): AsyncAction {
    const pageUrl = `/api/${row.url_local}/pay/async/sandbox/${row.ref}`;
    const expiresAt = new Date(row.expires_at);
    if (row.method === 'qris') {
      const payload = qrisPayload(toPayment(row));
      return { kind: 'qr', svg: sandboxQrSvg(payload), payload, pageUrl, expiresAt };
    }
    // On a phone the wallet's app opens by its link; the sandbox plays the app with the same page.
    return { kind: 'redirect', url: pageUrl, deepLink: `${pageUrl}?via=app`, expiresAt };
  }

  return {
    id: 'async-sandbox',

    async start(input: AsyncStart) {
      const ref = `apay_${randomBytes(18).toString('base64url')}`;
      const inserted = await db.query<PaymentRowOfSandbox>(
        `INSERT INTO sandbox_async_payments (ref, reference, method, wallet, user_id, url_local, amount, currency,
           return_url, status, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', now() + make_interval(secs => $10 / 1000.0))
         ON CONFLICT (reference) DO NOTHING RETURNING ${COLUMNS}`,
        [
          ref,
          input.reference,
          input.method,
          input.wallet,
          input.userId,
          input.urlLocal,
          input.amountMinor,
          input.currency,
          input.returnUrl,
          input.windowMs,
        ],
      );
      // The same reference twice (a retry) gets the first payment.
      const row =
        inserted[0] ??
        (
          await db.query<PaymentRowOfSandbox>(`SELECT ${COLUMNS} FROM sandbox_async_payments WHERE reference = $1`, [
            input.reference,
          ])
        )[0]!;
      if (row.method === 'konbini')
        return { payment: toPayment(row), action: await konbiniAction(db, row, input.store ?? null) };
      if (row.method === 'upi')
        return { payment: toPayment(row), action: await openUpiRequest(db, row, input.vpa ?? null) };
      return { payment: toPayment(row), action: action(row) };
    },

    checkUpiId: async (vpa) => sandboxUpiIdCheck(vpa),

    async retrieve(providerRef) {
      const row = await current(await byRef(providerRef));
      return row ? toPayment(row) : null;
    },

    async lookup(reference) {
      const row = await current(
        (
          await db.query<PaymentRowOfSandbox>(`SELECT ${COLUMNS} FROM sandbox_async_payments WHERE reference = $1`, [
            reference,
          ])
        )[0] ?? null,
      );
      return row ? toPayment(row) : null;
    },

    async cancel(reference) {
      // One statement decides against the shopper's approval (also one statement): whichever comes first stands.
      const rows = await db.query<PaymentRowOfSandbox>(
        `UPDATE sandbox_async_payments SET status = 'cancelled', decided_at = now()
         WHERE reference = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [reference],
      );
      if (rows[0]) await queueEvent(rows[0]);
      return this.lookup(reference);
    },

    refund: (request) =>
      sandboxRefund(
        db,
        { provider: 'async-sandbox', table: 'sandbox_async_payments', refundable: `status = 'paid'` },
        request,
      ),

    async verifyWebhook(rawBody, header, now = new Date()) {
      const checked = checkWebhookSignature(await secret(), rawBody, header, now);
      if (checked !== 'ok') return checked;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return 'malformed';
      }
      const event = parsed as { id?: unknown; data?: { ref?: unknown } };
      if (typeof event.id !== 'string' || !EVENT_ID.test(event.id)) return 'malformed';
      if (typeof event.data?.ref !== 'string' || !ASYNC_REF.test(event.data.ref)) return 'malformed';
      return { eventId: event.id, providerRef: event.data.ref };
    },

    async page(ref, userId) {
      const row = await current(await byRef(ref));
      return row && row.user_id === userId ? { ...toPayment(row), urlLocal: row.url_local, wallet: row.wallet } : null;
    },

    async decide(ref, userId, decision) {
      if (!ASYNC_REF.test(ref)) return null;
      await current(await byRef(ref));
      // One statement settles a pending payment; a second answer (another tab, a double click) changes nothing.
      const rows = await db.query<PaymentRowOfSandbox>(
        `UPDATE sandbox_async_payments SET status = $3, decided_at = now()
         WHERE ref = $1 AND user_id = $2 AND status = 'pending' AND expires_at > now() RETURNING ${COLUMNS}`,
        [ref, userId, decision],
      );
      if (rows[0]) await queueEvent(rows[0]);
      const row = rows[0] ?? (await byRef(ref));
      if (!row || row.user_id !== userId) return null;
      return { returnUrl: row.return_url };
    },

    async undelivered(limit = 50, at = new Date()) {
      const rows = await db.query<{ id: string; body: string }>(
        `SELECT id, body FROM sandbox_async_events WHERE delivered_at IS NULL ORDER BY created_at, id LIMIT $1`,
        [limit],
      );
      const s = await secret();
      return rows.map((r) => ({ eventId: r.id, body: r.body, signature: signWebhook(s, r.body, at) }));
    },

    async delivered(eventId) {
      await db.query(`UPDATE sandbox_async_events SET delivered_at = now() WHERE id = $1 AND delivered_at IS NULL`, [
        eventId,
      ]);
    },

    deliver(url, post = fetch) {
      return postUndelivered(this, url, post);
    },
  };
}
