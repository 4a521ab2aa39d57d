import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import type { AsyncAction, AsyncPayment, AsyncStart, AsyncStatus } from './async-provider';
import { postUndelivered, type AsyncSandbox, type SignedWebhook } from './async-sandbox';
import type { RefundOutcome, RefundRequest } from './provider';
import { checkWebhookSignature, signWebhook } from './webhook-signature';
import { VA_BANKS, type VaBank } from '../schemas/bank-transfers';
import { BankValidationUnavailable } from './bank-validation';

/** The sandbox banks' virtual-account prefixes (a real aggregator's numbers start with the bank's company code). */
const PREFIX: Readonly<Record<VaBank, string>> = { bca: '39358', bni: '8808', bri: '26215', mandiri: '88608' };

interface AccountRow {
  ref: string;
  reference: string;
  bank: VaBank;
  number: string;
  user_id: number;
  url_local: string;
  amount: number;
  currency: string;
  status: AsyncStatus;
  amount_received: number;
  amount_refunded: number;
  expires_at: Date;
}

const COLUMNS =
  'ref, reference, bank, number, user_id, url_local, amount::float8 AS amount, currency, status, ' +
  'amount_received::float8 AS amount_received, amount_refunded::float8 AS amount_refunded, expires_at';
export const BANK_REF = /^bva_[A-Za-z0-9_-]{24}$/;
const EVENT_ID = /^evt_[A-Za-z0-9_-]{24}$/;
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

const toPayment = (row: AccountRow): AsyncPayment => ({
  providerRef: row.ref,
  reference: row.reference,
  method: 'bank_va',
  status: row.status,
  amountMinor: row.amount,
  currency: row.currency,
  expiresAt: new Date(row.expires_at),
  amountReceivedMinor: row.amount_received,
});

const accountAction = (row: AccountRow): AsyncAction => ({
  kind: 'account',
  bank: row.bank,
  number: row.number,
  expiresAt: new Date(row.expires_at),
});

/** A virtual account as the sandbox bank's transfer page shows it. */
export interface SandboxAccount {
  bank: VaBank;
  number: string;
  amountMinor: number;
  receivedMinor: number;
  currency: string;
  status: AsyncStatus;
  expiresAt: Date;
}

/** What the sandbox bank adds to the async sandbox: its transfer page and its validation switch. */
export interface BankSandbox {
  /** A transfer of `amountMinor` to the account `number`: recorded and queued as a bank-feed webhook; null if none. */
  transfer(number: string, amountMinor: number): Promise<{ transferId: string; account: SandboxAccount } | null>;
  /** The account with this number, or null. */
  account(number: string): Promise<SandboxAccount | null>;
  /** Switches a bank's account validation down (no account opens there) or back up. */
  setValidation(bank: VaBank, down: boolean): Promise<void>;
  /** The banks whose validation is down now. */
  validationDown(): Promise<VaBank[]>;
}

/** True for a sandbox that runs the sandbox bank (its pages are then the store's to serve). */
export const isBankSandbox = (s: AsyncSandbox | null): s is AsyncSandbox & BankSandbox =>
  s !== null && typeof (s as Partial<BankSandbox>).transfer === 'function';

/**
 * The sandbox bank: virtual accounts (method bank_va) beside the sandbox wallets, behind the same async provider
 * (one provider id, one webhook address, one signing secret). Its accounts are opened per payment reference, take
 * any transfer (a partial one leaves the account pending, the exact or a larger sum pays it, one after it closed is
 * still received and must go back), and each transfer or closing is a signed bank-feed webhook. Everything else
 * (e-wallets, QRIS) goes to `inner`.
 */
export function withBankTransfers(
  db: Database,
  inner: AsyncSandbox,
  options: { secret?: string } = {},
): AsyncSandbox & BankSandbox {
  let key: Buffer | null = options.secret ? Buffer.from(options.secret) : null;
  // The same secret as the wallets' webhooks: one row the async sandbox makes on first use.
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

  const one = async (where: string, value: string) =>
    (await db.query<AccountRow>(`SELECT ${COLUMNS} FROM sandbox_bank_accounts WHERE ${where} = $1`, [value]))[0] ??
    null;

  async function queueEvent(ref: string, type: string, data: Record<string, unknown>): Promise<void> {
    const id = newId('evt');
    await db.query(`INSERT INTO sandbox_bank_events (id, ref, body) VALUES ($1, $2, $3)`, [
      id,
      ref,
      JSON.stringify({ id, type, data: { ref, ...data } }),
    ]);
  }

  /** An account past its deadline closes: the bank's clock decides, whoever asks first, and the feed says so. */
  async function current(row: AccountRow | null): Promise<AccountRow | null> {
    if (row?.status !== 'pending' || new Date(row.expires_at).getTime() > Date.now()) return row;
    const rows = await db.query<AccountRow>(
      `UPDATE sandbox_bank_accounts SET status = 'expired', decided_at = now()
       WHERE ref = $1 AND status = 'pending' AND expires_at <= now() RETURNING ${COLUMNS}`,
      [row.ref],
    );
    if (rows[0]) await queueEvent(row.ref, 'account_closed', { status: 'expired' });
    return rows[0] ?? (await one('ref', row.ref));
  }

  const view = (row: AccountRow): SandboxAccount => ({
    bank: row.bank,
    number: row.number,
    amountMinor: row.amount,
    receivedMinor: row.amount_received,
    currency: row.currency,
    status: row.status,
    expiresAt: new Date(row.expires_at),
  });

  async function openAccount(input: AsyncStart) {
    const bank = VA_BANKS.find((b) => b === input.bank);
    if (!bank) throw new Error(`no such bank: ${String(input.bank)}`);
    const down = await db.query(`SELECT 1 FROM sandbox_bank_validation WHERE bank = $1 AND down`, [bank]);
    if (down.length > 0) throw new BankValidationUnavailable(bank);
    // The number is the bank's prefix and the account's own sequence number: unique, and the same on a retry,
    // which gets the first account of its reference.
    const inserted = await db.query<AccountRow>(
      `WITH s AS (SELECT nextval(pg_get_serial_sequence('sandbox_bank_accounts', 'seq')) AS n)
       INSERT INTO sandbox_bank_accounts (ref, reference, seq, bank, number, user_id, url_local, amount, currency,
         return_url, status, expires_at)
       SELECT $1, $2, s.n, $3, $4 || lpad(s.n::text, 11, '0'), $5, $6, $7, $8, $9, 'pending',
         now() + make_interval(secs => $10 / 1000.0) FROM s
       ON CONFLICT (reference) DO NOTHING RETURNING ${COLUMNS}`,
      [
        newId('bva'),
        input.reference,
        bank,
        PREFIX[bank],
        input.userId,
        input.urlLocal,
        input.amountMinor,
        input.currency,
        input.returnUrl,
        input.windowMs,
      ],
    );
    const row = inserted[0] ?? (await one('reference', input.reference))!;
    return { payment: toPayment(row), action: accountAction(row) };
  }

  async function refund(request: RefundRequest): Promise<RefundOutcome> {
    // As the wallets' refunds (sandbox-refunds.ts), capped by what the account received rather than its amount.
    return db.transaction(async (tx) => {
      const account = (
        await tx.query<{ ref: string; received: number; refunded: number }>(
          `SELECT ref, amount_received::float8 AS received, amount_refunded::float8 AS refunded
           FROM sandbox_bank_accounts WHERE ref = $1 FOR UPDATE`,
          [request.providerRef],
        )
      )[0];
      if (!account) return { status: 'failed', code: 'unknown_charge' } as const;
      const earlier = (
        await tx.query<{ ref: string }>(`SELECT ref FROM sandbox_refunds WHERE reference = $1`, [request.reference])
      )[0];
      if (earlier) return { status: 'succeeded', refundRef: earlier.ref } as const;
      if (account.refunded + request.amountMinor > account.received)
        return { status: 'failed', code: 'not_refundable' } as const;
      const ref = newId('re');
      await tx.query(
        `INSERT INTO sandbox_refunds (reference, ref, provider, charge_ref, amount, currency)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [request.reference, ref, inner.id, account.ref, request.amountMinor, request.currency],
      );
      await tx.query(`UPDATE sandbox_bank_accounts SET amount_refunded = amount_refunded + $2 WHERE ref = $1`, [
        account.ref,
        request.amountMinor,
      ]);
      return { status: 'succeeded', refundRef: ref } as const;
    });
  }

  async function bankUndelivered(limit: number, at: Date): Promise<SignedWebhook[]> {
    const rows = await db.query<{ id: string; body: string }>(
      `SELECT id, body FROM sandbox_bank_events WHERE delivered_at IS NULL ORDER BY created_at, id LIMIT $1`,
      [limit],
    );
    const s = await secret();
    return rows.map((r) => ({ eventId: r.id, body: r.body, signature: signWebhook(s, r.body, at) }));
  }

  return {
    ...inner,
    id: inner.id,

    start: (input) => (input.method === 'bank_va' ? openAccount(input) : inner.start(input)),

    async retrieve(providerRef) {
      if (!BANK_REF.test(providerRef)) return inner.retrieve(providerRef);
      const row = await current(await one('ref', providerRef));
      return row ? toPayment(row) : null;
    },

    async lookup(reference) {
      const row = await current(await one('reference', reference));
      return row ? toPayment(row) : inner.lookup(reference);
    },

    async cancel(reference) {
      const rows = await db.query<AccountRow>(
        `UPDATE sandbox_bank_accounts SET status = 'cancelled', decided_at = now()
         WHERE reference = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [reference],
      );
      if (rows[0]) await queueEvent(rows[0].ref, 'account_closed', { status: 'cancelled' });
      const row = rows[0] ?? (await current(await one('reference', reference)));
      return row ? toPayment(row) : inner.cancel(reference);
    },

    refund: (request) => (BANK_REF.test(request.providerRef) ? refund(request) : inner.refund(request)),

    async verifyWebhook(rawBody, header, now = new Date()) {
      const checked = checkWebhookSignature(await secret(), rawBody, header, now);
      if (checked !== 'ok') return checked;
      let event: { id?: unknown; data?: { ref?: unknown } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return 'malformed';
      }
      if (typeof event.data?.ref !== 'string' || !BANK_REF.test(event.data.ref))
        return inner.verifyWebhook(rawBody, header, now);
      if (typeof event.id !== 'string' || !EVENT_ID.test(event.id)) return 'malformed';
      return { eventId: event.id, providerRef: event.data.ref };
    },

    async undelivered(limit = 50, at = new Date()) {
      const wallets = await inner.undelivered(limit, at);
      return [...wallets, ...(await bankUndelivered(limit - wallets.length, at))];
    },

    async delivered(eventId) {
      await inner.delivered(eventId);
      await db.query(`UPDATE sandbox_bank_events SET delivered_at = now() WHERE id = $1 AND delivered_at IS NULL`, [
        eventId,
      ]);
    },

    deliver(url, post = fetch) {
      return postUndelivered(this, url, post);
    },

    async transfer(number, amountMinor) {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return null;
      const before = await current(await one('number', number));
      if (!before) return null;
      return db.transaction(async (tx) => {
        // One statement adds the money and decides: the exact sum or more pays a pending, open account; anything
        // to a closed one is still received (the store owes it back).
        const row = (
          await tx.query<AccountRow>(
            `UPDATE sandbox_bank_accounts SET amount_received = amount_received + $2,
               status = CASE WHEN status = 'pending' AND expires_at > now() AND amount_received + $2 >= amount
                 THEN 'paid' ELSE status END,
               decided_at = CASE WHEN status = 'pending' AND expires_at > now() AND amount_received + $2 >= amount
                 THEN now() ELSE decided_at END
             WHERE ref = $1 RETURNING ${COLUMNS}`,
            [before.ref, amountMinor],
          )
        )[0]!;
        const transferId = newId('btx');
        await tx.query(`INSERT INTO sandbox_bank_transfers (id, ref, amount, currency) VALUES ($1, $2, $3, $4)`, [
          transferId,
          row.ref,
          amountMinor,
          row.currency,
        ]);
        const id = newId('evt');
        const body = JSON.stringify({
          id,
          type: 'bank_transfer',
          data: { ref: row.ref, transfer: transferId, amount: amountMinor, currency: row.currency },
        });
        await tx.query(`INSERT INTO sandbox_bank_events (id, ref, body) VALUES ($1, $2, $3)`, [id, row.ref, body]);
        return { transferId, account: view(row) };
      });
    },

    async account(number) {
      const row = await current(await one('number', number));
      return row ? view(row) : null;
    },

    async setValidation(bank, down) {
      await db.query(
        `INSERT INTO sandbox_bank_validation (bank, down) VALUES ($1, $2)
         ON CONFLICT (bank) DO UPDATE SET down = excluded.down, updated_at = now()`,
        [bank, down],
      );
    },

    async validationDown() {
      const rows = await db.query<{ bank: VaBank }>(`SELECT bank FROM sandbox_bank_validation WHERE down ORDER BY 1`);
      return rows.map((r) => r.bank);
    },
  };
}
