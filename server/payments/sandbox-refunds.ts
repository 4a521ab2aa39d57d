import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import type { RefundOutcome, RefundRequest } from './provider';

/** Where a sandbox provider keeps its charges: the table, and which of its rows took money that can go back. */
export interface SandboxBooks {
  provider: string;
  table: 'sandbox_gateway_charges' | 'sandbox_bnpl_sessions' | 'sandbox_async_payments';
  /** SQL condition on the charge row: it took money. */
  refundable: string;
}

/**
 * A sandbox provider pays a charge back as a real one does: once per refund reference, never more than the charge
 * took (earlier refunds count), decided under the charge's row lock so parallel refunds cannot overdraw it.
 */
export async function sandboxRefund(db: Database, books: SandboxBooks, request: RefundRequest): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const charge = (
      await tx.query<{ ref: string; amount: string; amount_refunded: string; ok: boolean }>(
        `SELECT ref, amount, amount_refunded, (${books.refundable}) AS ok FROM ${books.table} WHERE ref = $1
         FOR UPDATE`,
        [request.providerRef],
      )
    )[0];
    if (!charge) return { status: 'failed', code: 'unknown_charge' } as const;
    const earlier = (
      await tx.query<{ ref: string }>(`SELECT ref FROM sandbox_refunds WHERE reference = $1`, [request.reference])
    )[0];
    if (earlier) return { status: 'succeeded', refundRef: earlier.ref } as const;
    if (!charge.ok || Number(charge.amount_refunded) + request.amountMinor > Number(charge.amount))
      return { status: 'failed', code: 'not_refundable' } as const;
    const ref = `re_${randomBytes(12).toString('base64url')}`;
    await tx.query(
      `INSERT INTO sandbox_refunds (reference, ref, provider, charge_ref, amount, currency)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [request.reference, ref, books.provider, charge.ref, request.amountMinor, request.currency],
    );
    await tx.query(`UPDATE ${books.table} SET amount_refunded = amount_refunded + $2 WHERE ref = $1`, [
      charge.ref,
      request.amountMinor,
    ]);
    return { status: 'succeeded', refundRef: ref } as const;
  });
}
