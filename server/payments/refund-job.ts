import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/types';
import type { RefundOutcome, RefundRequest } from './provider';
import { REFUND_ATTEMPTS, type RefundRow, type RefundsRepository } from '../repositories/refunds';
import { orderStepIn } from '../orders/order-steps';

/** Anything that can pay a charge back: the card gateway, a pay-later provider. */
export interface Refunder {
  readonly id: string;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** The reference a provider knows a refund by: it pays each reference back at most once. */
export const refundReference = (refundId: string) => `refund_${refundId}`;

/**
 * The refund job: pays back, through the provider that took it, every refund that has one. A provider that does
 * not answer is asked again later (the same refund reference, so never twice); one that refuses, or never answers
 * after REFUND_ATTEMPTS tries, leaves the refund failed for staff. The shopper's inbox says when money went back.
 */
export function refundJob(options: {
  db: Database;
  refunds: RefundsRepository;
  providers: readonly Refunder[];
  log: FastifyBaseLogger;
}) {
  const byId = new Map(options.providers.map((p) => [p.id, p]));

  /** The order a refund's step is recorded on, as its message names it. */
  async function orderRef(tx: Queryable, refund: RefundRow) {
    const order = (
      await tx.query<{ id: string; user_id: number; url_local: string }>(
        `SELECT id::text AS id, user_id, url_local FROM orders WHERE id = $1`,
        [refund.order_id],
      )
    )[0];
    return order ? { ...order, total: refund.amount, currency: refund.currency } : null;
  }

  /**
   * The refund failed for good: staff's queue shows it (with its code and tries) to retry or pay by hand, and the
   * order's timeline records the step in the same transaction.
   */
  async function fail(refund: RefundRow, code: string): Promise<void> {
    await options.db.transaction(async (tx) => {
      const row = await options.refunds.failed(tx, refund.id, code);
      const order = row && (await orderRef(tx, refund));
      if (order)
        await orderStepIn(tx, order, 'refund_failed', {
          amount: refund.amount,
          detail: { refundId: refund.id, reason: refund.reason, code, attempts: refund.attempts },
        });
    });
  }

  async function pay(refund: RefundRow): Promise<void> {
    const provider = byId.get(refund.provider!);
    if (!provider) {
      await fail(refund, 'unknown_provider');
      return;
    }
    let outcome: RefundOutcome;
    try {
      outcome = await provider.refund({
        reference: refundReference(refund.id),
        providerRef: refund.provider_ref!,
        amountMinor: refund.amount,
        currency: refund.currency,
      });
    } catch (err) {
      options.log.warn({ err, refundId: refund.id }, 'refund call failed; it is tried again later');
      await (refund.attempts >= REFUND_ATTEMPTS
        ? fail(refund, 'provider_unreachable')
        : options.refunds.tryFailed(refund.id, 'provider_unreachable'));
      return;
    }
    if (outcome.status === 'failed') {
      options.log.error(
        { refundId: refund.id, code: outcome.code },
        'provider refused a refund: staff must pay it back',
      );
      await fail(refund, outcome.code);
      return;
    }
    await options.db.transaction(async (tx) => {
      const done = await options.refunds.succeeded(tx, refund.id, outcome.refundRef);
      if (!done) return;
      const order = await orderRef(tx, refund);
      if (order)
        await orderStepIn(tx, order, 'refunded', {
          amount: refund.amount,
          detail: { refundId: refund.id, reason: refund.reason },
        });
    });
  }

  return {
    /** Pays the refunds due now; returns how many were tried. */
    async run(): Promise<number> {
      const due = await options.refunds.claimDue();
      for (const refund of due) await pay(refund);
      return due.length;
    },
  };
}

export type RefundJob = ReturnType<typeof refundJob>;
