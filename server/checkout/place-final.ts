import type { Database } from '../db/types';
import type { OrderLineRow, OrderRow, OrdersRepository } from '../repositories/orders';
import type { PresalesRepository } from '../repositories/presales';
import type { OrderReviewRepository } from '../repositories/order-review';
import type { CommerceRules } from '../../sites/commerce';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { finalPaymentAmounts, type PresaleState } from '../orders/presale';
import { orderStepIn } from '../orders/order-steps';

export type FinalRefusal =
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'not_payable'; state: PresaleState | null }
  | { ok: false; reason: 'window'; opensAt: Date; closesAt: Date }
  | { ok: false; reason: 'unpaid_exists' | 'in_review_exists'; orderId: string };

export type FinalResult = { ok: true; order: OrderRow; replayed: boolean } | FinalRefusal;

/**
 * The final payment of a paid deposit, in its window: an order for the rest (full price less the deposit, plus
 * delivery) with the deposit's lines and address; its units are already reserved. Asking again returns the live one.
 */
export async function placeFinal(
  db: Database,
  repos: { orders: OrdersRepository; presales: PresalesRepository; orderReview: OrderReviewRepository },
  input: {
    userId: number;
    depositOrderId: string;
    rules: CommerceRules;
    mail: (order: OrderRow, lines: OrderLineRow[]) => OutgoingMail;
  },
): Promise<FinalResult> {
  if (!/^\d{1,18}$/.test(input.depositOrderId)) return { ok: false, reason: 'not_found' };
  const { orders, presales } = repos;
  return db.transaction(async (tx) => {
    await orders.lockPlacementsIn(tx, input.userId);
    const deposit = await orders.depositForUpdateIn(tx, input.userId, input.depositOrderId);
    if (!deposit) return { ok: false, reason: 'not_found' } as const;
    if (deposit.presale_state !== 'deposit_paid')
      return { ok: false, reason: 'not_payable', state: deposit.presale_state } as const;
    const terms = (await presales.terms(tx, deposit.presale_id!))!;
    if (!(await presales.finalOpen(tx, deposit.presale_id!)))
      return { ok: false, reason: 'window', opensAt: terms.finalStartsAt, closesAt: terms.finalEndsAt } as const;
    const live = await orders.liveFinalIn(tx, deposit.id);
    if (live) return { ok: true, order: live, replayed: true } as const;
    const unpaid = await orders.unpaidIn(tx, input.userId);
    if (unpaid) return { ok: false, reason: 'unpaid_exists', orderId: unpaid.id } as const;
    const held = await repos.orderReview.inReviewIn(tx, input.userId);
    if (held) return { ok: false, reason: 'in_review_exists', orderId: held.id } as const;
    const lines = await orders.linesIn(tx, deposit.id);
    const amounts = finalPaymentAmounts(
      input.rules,
      lines.reduce((sum, l) => sum + l.subtotal, 0),
      deposit.total,
    );
    const order = await orders.insertFinalIn(tx, deposit, amounts, {
      userId: input.userId,
      paymentWindowMinutes: input.rules.paymentWindowMinutes,
      finalEndsAt: terms.finalEndsAt,
    });
    const written: OrderLineRow[] = [];
    for (const line of lines) written.push(await orders.copyLineIn(tx, order.id, line));
    await orderStepIn(tx, order, 'placed', { actor: 'shopper' });
    await mailOutbox.enqueue(tx, { ...input.mail(order, written), dedupeKey: `order-confirmation:${order.id}` });
    return { ok: true, order, replayed: false } as const;
  });
}
