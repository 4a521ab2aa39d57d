import type { AmountsView, OrderView, QuoteView, RefundView } from '../schemas/order';
import type { RefundRow, RefundWithDestination } from '../repositories/refunds';
import type { OrderLineRow, OrderRow } from '../repositories/orders';
import type { PaymentRow } from '../repositories/payments';
import type { OrderAmounts, Quote } from '../orders/pricing';
import type { CommerceRules } from '../../sites/commerce';
import type { PresaleTerms } from '../orders/presale';
import { currencyExponent } from '../../region-config/money';
import { specText } from '../../content/i18n/spec-values';
import { findStorefront } from '../storefront';
import { titleIn } from '../../content/coupon-titles';
import { fieldLabel, taxIdRule } from '../../region-config/tax-ids';
import { message } from '../i18n';
import { splitPaymentFromMinor } from '../../sites/business-pricing';
import { CANCELLABLE_PAID_STATES } from '../orders/lifecycle';
import type { OrderState } from '../schemas/order';
import { insuredTotal } from '../insurance/insurance-lines';

export type { OrderView, QuoteView };

function amounts(a: OrderAmounts): AmountsView {
  return {
    currency: a.currency,
    exponent: currencyExponent(a.currency),
    items_total: a.itemsTotal,
    discount: a.discount,
    shipping_fee: a.shippingFee,
    tax: a.tax,
    tax_inclusive: a.taxInclusive,
    tax_rate_bp: a.taxRateBp,
    net_amount: a.netAmount,
    total: a.total,
  };
}

/**
 * The name of a company invoice's tax ID field in catalogue `i18n`, or null where the country issues no company
 * invoices.
 */
function taxIdLabel(local: string, i18n: string): string | null {
  const rule = taxIdRule(local);
  return rule ? fieldLabel(rule, (key) => message({ lang: i18n }, key)) : null;
}

export function quoteView(
  q: Quote,
  rules: CommerceRules,
  local: string,
  unpaidOrderId: string | null,
  i18n = 'en',
): QuoteView {
  return {
    amounts: amounts(q),
    lines: q.lines.map((l) => ({
      commodity_id: l.commodityId,
      product_id: l.productId,
      name: l.name,
      spec: specText(l.spec, i18n),
      image: l.image,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      market_price: l.marketPrice,
      subtotal: l.subtotal,
      stock: l.stock,
      problem: l.problem,
      pre_order: l.preOrder,
      ...(l.previousUnitPrice !== undefined ? { previous_unit_price: l.previousUnitPrice } : {}),
      ...(l.listPrice !== undefined ? { list_price: l.listPrice, tier_bp: l.tierBp ?? 0 } : {}),
    })),
    delivery: q.delivery.map((d) => ({ id: d.id, fee: d.fee, days: [...d.days], club_level: d.clubLevel ?? null })),
    delivery_method: q.deliveryMethod,
    blockers: q.blockers,
    points: q.points
      ? {
          balance: q.points.balance,
          max: q.points.use.max,
          min: q.points.rules.minRedeem,
          point_value: q.points.rules.pointValueMinor,
          used: q.points.use.ok ? q.points.use.points : 0,
          discount: q.points.use.ok ? q.points.use.discount : 0,
          refused: q.points.use.ok ? null : q.points.use.reason,
        }
      : null,
    coupon: q.coupon
      ? {
          user_coupon_id: q.coupon.userCouponId,
          title: titleIn(q.coupon.title, local, i18n),
          kind: q.coupon.kind,
          discount: q.coupon.effect.ok ? q.coupon.effect.discount : 0,
          free_shipping: q.coupon.effect.ok && q.coupon.effect.freeShipping,
          refused: q.coupon.effect.ok ? null : q.coupon.effect.reason,
          min_spend: q.coupon.minSpend,
          max_unit_price: q.coupon.maxUnitPrice ?? null,
        }
      : null,
    pre_order: q.preOrder,
    trade_in: q.tradeIn
      ? q.tradeIn.ok
        ? {
            id: q.tradeIn.id,
            discount: q.tradeIn.discount,
            commodity_id: q.tradeIn.commodityId,
            exchange_value: q.tradeIn.exchangeValue,
            bonus: q.tradeIn.bonus,
            subsidy: q.tradeIn.subsidy,
            refused: null,
          }
        : { id: q.tradeIn.id, discount: 0, commodity_id: null, refused: q.tradeIn.reason }
      : null,
    gift_cards: q.giftCards.map((g) => ({ code: g.code, balance: g.balance, applied: g.applied })),
    gift_card_amount: q.giftCardAmount,
    amount_due: q.amountDue,
    presale: q.presale
      ? { ...termsView(q.presale), deposit_total: q.presale.depositTotal, full_total: q.presale.fullTotal }
      : null,
    unpaid_order_id: unpaidOrderId,
    insurance: {
      offers: q.insurance.map((o) => ({
        commodity_id: o.commodityId,
        name: o.name,
        plan_id: o.plan.planId,
        quantity: o.quantity,
        unit_price: o.plan.price,
        subtotal: o.subtotal,
        insured: o.insured,
        cover_months: o.plan.coverMonths,
        claims_per_year: o.plan.claimsPerYear,
        withdrawal_days: o.plan.withdrawalDays,
      })),
      total: insuredTotal(q.insurance),
    },
    invoice: {
      company: rules.companyInvoice,
      tax_id_label: taxIdLabel(local, i18n),
      fiscal_id_from: rules.fiscalIdFromMinor,
    },
  };
}

const termsView = (t: PresaleTerms) => ({
  campaign_id: t.campaignId,
  deposit: t.depositMinor,
  deposit_ends_at: t.depositEndsAt.getTime(),
  final_starts_at: t.finalStartsAt.getTime(),
  final_ends_at: t.finalEndsAt.getTime(),
});

/** Where a pre-order stands: its windows, the final payment (its order and amount) and a lapsed deposit's refund. */
export interface PresaleContext {
  terms: PresaleTerms;
  finalOrder: OrderRow | null;
  finalAmount: number;
  refund: Pick<RefundRow, 'amount' | 'due_by' | 'state'> | null;
}

const time = (d: Date | null) => (d ? new Date(d).getTime() : null);

/**
 * A lapsed deposit's refund as the pre-order's status tells it: one figure, though it may go back in parts (the card
 * and a gift card): pending while a part is on its way, failed while staff pay one, else paid back.
 */
export function lapsedDepositRefund(parts: RefundRow[]): PresaleContext['refund'] {
  if (parts.length === 0) return null;
  const state = parts.some((r) => r.state === 'failed')
    ? 'failed'
    : parts.some((r) => r.state === 'pending')
      ? 'pending'
      : parts.every((r) => r.state === 'done')
        ? 'done'
        : 'succeeded';
  return {
    amount: parts.reduce((sum, r) => sum + r.amount, 0),
    due_by: parts.reduce((d, r) => (new Date(r.due_by) > new Date(d) ? r.due_by : d), parts[0]!.due_by),
    state,
  };
}

/** A refund as the shopper sees it on the order. */
export function refundView(r: RefundWithDestination): RefundView {
  return {
    amount: r.amount,
    currency: r.currency,
    reason: r.reason,
    state: r.state,
    created_at: time(r.created_at)!,
    due_by: time(r.due_by)!,
    refunded_at: time(r.refunded_at),
    destination: { kind: r.dest_kind, brand: r.dest_brand, last4: r.dest_last4 },
  };
}

/** An order as the user sees it (orders: id, time, payment time and type, amount, shipping, discount, VAT, net). */
export function orderView(
  order: OrderRow,
  lines: OrderLineRow[],
  payments: PaymentRow[] = [],
  presale: PresaleContext | null = null,
  refunds: RefundWithDestination[] = [],
): OrderView {
  const paid = payments.find((p) => p.state === 'succeeded');
  return {
    order_id: order.id,
    state: order.state,
    amounts: amounts({
      currency: order.currency,
      itemsTotal: order.items_total,
      discount: order.discount,
      shippingFee: order.shipping_fee,
      tax: order.tax,
      taxInclusive: order.tax_inclusive,
      taxRateBp: order.tax_rate_bp,
      netAmount: order.net_amount,
      total: order.total,
    }),
    delivery_method: order.delivery_method,
    address: order.address,
    address_changeable:
      order.address_changes === 0 &&
      (order.state === 'unpaid' || order.state === 'paid' || order.state === 'processing'), // not once a parcel left
    invoice: order.invoice,
    add_time: new Date(order.created_at).getTime(),
    pay_before: new Date(order.pay_before).getTime(),
    pay_time: order.paid_at ? new Date(order.paid_at).getTime() : null,
    payment_type: paid?.card_brand
      ? `${paid.card_brand} •••• ${paid.card_last4}`
      : paid?.method === 'gift_card'
        ? 'gift_card'
        : paid?.method === 'split'
          ? 'split'
          : null,
    points_used: order.points_used ?? 0,
    points_discount: order.points_discount ?? 0,
    gift_card_amount: order.gift_card_amount,
    amount_due: order.total - order.gift_card_amount,
    kind: order.kind,
    deposit_credit: order.deposit_credit,
    parent_order_id: order.parent_order_id,
    presale: presale
      ? {
          ...termsView(presale.terms),
          state: order.presale_state ?? 'deposit_unpaid',
          final_order_id: presale.finalOrder?.id ?? null,
          final_amount: presale.finalAmount,
          refund: presale.refund
            ? {
                amount: presale.refund.amount,
                due_by: new Date(presale.refund.due_by).getTime(),
                state: presale.refund.state,
              }
            : null,
        }
      : null,
    cancel_reason: order.cancel_reason,
    flow: order.flow,
    vat_exempt: order.vat_exempt ?? false,
    vat_exempted: order.vat_exempted ?? 0,
    split_required:
      order.flow === 'company' && order.total - order.gift_card_amount > splitPaymentFromMinor(order.local),
    lines: lines.map((l) => ({
      commodity_id: l.commodity_id,
      product_id: l.product_id,
      name: l.name,
      // Stored as the catalogue names the variant; shown in the language of the storefront the order was placed in.
      spec: specText(l.spec, findStorefront(order.url_local)?.i18n ?? 'en'),
      image: l.image,
      quantity: l.quantity,
      unit_price: l.unit_price,
      market_price: l.market_price,
      subtotal: l.subtotal,
    })),
    refunds: refunds.map(refundView),
    // A pre-order's deposit and final payment follow the pre-sale rules instead (cancel-paid-order.ts).
    cancellable_after_payment:
      (CANCELLABLE_PAID_STATES as readonly OrderState[]).includes(order.state) &&
      order.kind === 'standard' &&
      // A cash-on-delivery order is processing unpaid: it is cancelled as COD (payment/cod/cancel), with no refund.
      order.paid_at !== null,
  };
}
