import type { FromSchema } from 'json-schema-to-ts';
import type {
  orderMoneySchema,
  staffOrderSchema,
  staffPaymentSchema,
  staffRefundSchema,
  staffSplitPartSchema,
} from '../schemas/staff-payments';
import type { StaffOrderRow } from '../repositories/staff-orders';
import type { PaymentRow } from '../repositories/payments';
import type { SplitPartRow } from '../repositories/split-payments';
import { staffRefundActions, type RefundRow } from '../repositories/refunds';
import { currencyExponent } from '../../region-config/money';

export type OrderMoneyView = FromSchema<typeof orderMoneySchema>;
export type StaffRefundView = FromSchema<typeof staffRefundSchema>;

const ms = (d: Date) => new Date(d).getTime();
const msOrNull = (d: Date | null) => (d ? ms(d) : null);

export function staffOrderView(o: StaffOrderRow): FromSchema<typeof staffOrderSchema> {
  return {
    id: o.id,
    storefront: o.url_local,
    flow: o.flow,
    state: o.state,
    total: o.total,
    amount_due: o.total - o.gift_card_amount,
    currency: o.currency,
    exponent: currencyExponent(o.currency),
    email: o.email,
    created_at: ms(o.created_at),
    pay_before: ms(o.pay_before),
    paid_at: msOrNull(o.paid_at),
    cancelled_at: msOrNull(o.cancelled_at),
    cancel_reason: o.cancel_reason,
  };
}

/** What a payment and a split-payment part both show of their charge (the schemas' shared charge properties). */
const chargeView = (c: PaymentRow | SplitPartRow) => ({
  amount: c.amount,
  card_brand: c.card_brand,
  card_last4: c.card_last4,
  failure_code: c.failure_code,
  created_at: ms(c.created_at),
  updated_at: ms(c.updated_at),
});

export function staffPaymentView(p: PaymentRow): FromSchema<typeof staffPaymentSchema> {
  return { id: p.id, provider: p.provider, method: p.method, state: p.state, ...chargeView(p) };
}

export function staffSplitPartView(p: SplitPartRow): FromSchema<typeof staffSplitPartSchema> {
  return { id: p.id, method: p.method, state: p.state, ...chargeView(p) };
}

/** A refund with what staff may do with it (the rule of the refunds repository). */
export function staffRefundView(r: RefundRow): StaffRefundView {
  const may = staffRefundActions(r);
  return {
    id: r.id,
    reason: r.reason,
    amount: r.amount,
    state: r.state,
    provider: r.provider,
    refund_ref: r.refund_ref,
    failure_code: r.failure_code,
    attempts: r.attempts,
    due_by: ms(r.due_by),
    refunded_at: msOrNull(r.refunded_at),
    created_at: ms(r.created_at),
    can_mark_done: may.done,
    can_retry: may.retry,
  };
}
