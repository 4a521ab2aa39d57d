import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/types';
import type { AsyncAction, AsyncStatus } from './async-provider';
import { paymentMethodsOf } from '../../sites/payment-methods';

/**
 * The sandbox provider's convenience-store counter: the payment code (and, at chains that use one, a confirmation
 * number) it gives a konbini payment, and the counter's lookup by code. The payment itself is a row of the sandbox's
 * own books (async-sandbox.ts), so expiry, cancellation, webhooks and refunds are the sandbox's as for any method.
 */

/** Lawson and FamilyMart in Japan ask for a customer number and a confirmation number; the others, one code. */
export const usesConfirmation = (store: string, urlLocal: string): boolean =>
  urlLocal === 'jp' && (store === 'lawson' || store === 'familymart');

/** Digits of the code as the chain prints it: 7-Eleven's 13-digit slip number, 11 in Japan, 16 elsewhere. */
const codeLength = (store: string, urlLocal: string) => (store === 'seven_eleven' ? 13 : urlLocal === 'jp' ? 11 : 16);

const digits = (n: number) => Array.from({ length: n }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

interface CodeRow {
  store: string;
  code: string;
  confirmation: string | null;
}

/**
 * The counter action of a sandbox konbini payment: its code, made once per payment (a retried start gets the same),
 * and its expiry.
 */
export async function konbiniAction(
  db: Queryable,
  row: { ref: string; url_local: string; expires_at: Date },
  store: string | null,
): Promise<Extract<AsyncAction, { kind: 'code' }>> {
  const existing = async () =>
    (
      await db.query<CodeRow>(`SELECT store, code, confirmation FROM sandbox_konbini_codes WHERE ref = $1`, [row.ref])
    )[0] ?? null;
  let code = await existing();
  // A fresh random code collides with an open one about never; the unique index makes a collision a retry.
  for (let attempt = 0; !code && store && attempt < 5; attempt++) {
    const inserted = await db.query<CodeRow>(
      `INSERT INTO sandbox_konbini_codes (ref, store, code, confirmation) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING store, code, confirmation`,
      [
        row.ref,
        store,
        digits(codeLength(store, row.url_local)),
        usesConfirmation(store, row.url_local) ? digits(6) : null,
      ],
    );
    code = inserted[0] ?? (await existing());
  }
  if (!code) throw new Error('konbini: no code for the payment (no store given)');
  return { kind: 'code', code: code.code, confirmation: code.confirmation, expiresAt: new Date(row.expires_at) };
}

/** A payment as the counter sees it when its code is typed in. */
export interface CounterPayment {
  ref: string;
  store: string;
  code: string;
  confirmation: string | null;
  userId: number;
  urlLocal: string;
  amountMinor: number;
  currency: string;
  status: AsyncStatus;
  expiresAt: Date;
}

/** The payment a code (and its confirmation number, where the chain uses one) opens at the counter, or null. */
export async function counterPayment(
  db: Queryable,
  code: string,
  confirmation: string | null,
): Promise<CounterPayment | null> {
  if (!/^[0-9]{10,20}$/.test(code)) return null;
  const rows = await db.query<{
    ref: string;
    store: string;
    code: string;
    confirmation: string | null;
    user_id: number;
    url_local: string;
    amount: number;
    currency: string;
    status: AsyncStatus;
    expires_at: Date;
  }>(
    `SELECT c.ref, c.store, c.code, c.confirmation, p.user_id, p.url_local, p.amount::float8 AS amount, p.currency,
            p.status, p.expires_at
     FROM sandbox_konbini_codes c JOIN sandbox_async_payments p ON p.ref = c.ref WHERE c.code = $1`,
    [code],
  );
  const r = rows[0];
  if (!r || (r.confirmation !== null && r.confirmation !== confirmation)) return null;
  return {
    ref: r.ref,
    store: r.store,
    code: r.code,
    confirmation: r.confirmation,
    userId: r.user_id,
    urlLocal: r.url_local,
    amountMinor: r.amount,
    currency: r.currency,
    status: r.status,
    expiresAt: new Date(r.expires_at),
  };
}

/**
 * The fee the chain's counter adds to what it takes (minor units): the fee configured for the country's konbini
 * method of that chain. The store's payment is the order's amount; the fee is the counter's own.
 */
export function counterFee(local: string, p: Pick<CounterPayment, 'store' | 'currency'>): number {
  return paymentMethodsOf(local, p.currency).find((m) => m.key === `konbini:${p.store}`)?.fee ?? 0;
}
