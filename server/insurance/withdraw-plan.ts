import type { Database, Queryable } from '../db/types';
import type { OrderRow, OrdersRepository } from '../repositories/orders';
import { endPolicyIn, policyForUpdateIn, policyIn, type PolicyRow } from '../repositories/insurance';
import { refundOrderIn, type RefundOrderResult, type RefundRepos } from '../orders/refund-order';
import { returnRefund } from '../returns/return-amount';
import { withdrawRefusal, withdrawUntil } from './policy-rules';

/** What withdrawing reads and refunds through: the order's row (locked first, as every refund of it does). */
export interface WithdrawRepos extends RefundRepos {
  orders: Pick<OrdersRepository, 'lockPaidIn' | 'forUpdateIn'>;
}

export type WithdrawResult =
  | { ok: true; refunded: number; policy: PolicyRow }
  | { ok: false; reason: 'not_found' | 'not_withdrawable' | 'claimed' }
  | { ok: false; reason: 'period_over'; withdrawUntil: number | null };

/**
 * What one plan of an order is worth back: its share of what the shopper paid, as a returned unit's is (the goods'
 * part of the total spread by subtotal, so a discount on the order reaches the plan in proportion).
 */
export function planShare(
  order: Pick<OrderRow, 'total' | 'items_total' | 'discount' | 'shipping_fee' | 'tax_inclusive' | 'vat_exempt'>,
  policy: Pick<PolicyRow, 'unit_price' | 'quantity'>,
): number {
  return returnRefund(
    {
      total: order.total,
      itemsTotal: order.items_total,
      discount: order.discount,
      shippingFee: order.shipping_fee,
      taxAdded: !order.tax_inclusive && !order.vat_exempt,
    },
    [{ subtotal: policy.unit_price * policy.quantity, quantity: policy.quantity, units: 1 }],
    { whole: false, refundedBefore: 0 },
  );
}

/**
 * Refunds `amount` of an order for its plans, or what is left when another refund came first (a staff gesture);
 * nothing when nothing is left.
 */
export async function refundPlansIn(
  tx: Queryable,
  repos: RefundRepos,
  order: Pick<OrderRow, 'id' | 'currency'>,
  amount: number,
  request: { reason: 'insurance_withdrawal' | 'return'; actor: 'shopper' | `staff:${number}`; returnId?: string },
): Promise<number> {
  if (amount <= 0) return 0;
  const ask = (value: number): Promise<RefundOrderResult> =>
    refundOrderIn(tx, repos, { orderId: order.id, amount: value, currency: order.currency, ...request });
  const first = await ask(amount);
  if (first.ok) return first.refunded;
  if (first.reason === 'over_refundable' && first.refundable > 0) {
    const rest = await ask(first.refundable);
    return rest.ok ? rest.refunded : 0;
  }
  return 0;
}

/**
 * The shopper withdraws the plan of one unit, keeping the device: within the withdrawal period from the start of
 * cover (any time before delivery), never once a claim was made on it. Its share of what was paid goes back through
 * refundOrderIn (the refund allocation rule) and the policy ends, in one transaction that locks the order's row and
 * then the policy's, as returns and cancellations lock them, so a second withdrawal refunds nothing.
 */
export async function withdrawPlan(
  db: Database,
  repos: WithdrawRepos,
  who: { userId: number; local: string },
  policyId: string,
): Promise<WithdrawResult> {
  return db.transaction(async (tx): Promise<WithdrawResult> => {
    const seen = await policyIn(tx, policyId);
    if (!seen || seen.user_id !== who.userId || seen.local !== who.local) return { ok: false, reason: 'not_found' };
    const order = await repos.orders.forUpdateIn(tx, seen.order_id);
    const policy = await policyForUpdateIn(tx, policyId);
    if (!order || !policy) return { ok: false, reason: 'not_found' };
    const refusal = withdrawRefusal(policy, policy.now_ms);
    if (refusal === 'period_over') return { ok: false, reason: refusal, withdrawUntil: withdrawUntil(policy) };
    if (refusal) return { ok: false, reason: refusal };
    const refunded = await refundPlansIn(tx, repos, order, planShare(order, policy), {
      reason: 'insurance_withdrawal',
      actor: 'shopper',
    });
    await endPolicyIn(tx, policy.id, 'withdrawn', refunded);
    return { ok: true, refunded, policy: { ...policy, end_reason: 'withdrawn', refund_amount: refunded } };
  });
}
