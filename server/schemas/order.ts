import type { FromSchema } from 'json-schema-to-ts';
import { CLUB_LEVEL_IDS } from '../../sites/club';
import { shipmentSchema, timelineStepSchema, toComeSchema } from './order-timeline';
import { legalAcceptanceSchema } from './legal';
import { orderInsuranceSchema, quoteInsuranceSchema } from './insurance';
/** Checkout, order and payment schemas of the API. Money is integer minor units; `exponent` says how many digits. */

/** Why a checked cart line cannot be ordered as it is; it is flagged on the checkout, never dropped. */
export const LINE_PROBLEMS = ['not_on_sale', 'out_of_stock', 'not_enough_stock', 'limit', 'fcode'] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];
/** The ways an order can be delivered (each country prices them in sites/commerce.ts). */
export const DELIVERY_METHODS = ['standard', 'express'] as const;
export type DeliveryMethodId = (typeof DELIVERY_METHODS)[number];

/**
 * Where an order stands: in review (a risk rule fired; it cannot be paid until staff clear it), unpaid, paid, being
 * prepared in the warehouse, some or all lines shipped, delivered, or cancelled.
 */
export const ORDER_STATES = [
  'in_review',
  'unpaid',
  'paid',
  'processing',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The states of an order whose money was taken (and not given back by a cancellation). */
export const PAID_STATES = ['paid', 'processing', 'partially_shipped', 'shipped', 'delivered'] as const;
export const isPaidState = (state: OrderState) => (PAID_STATES as readonly OrderState[]).includes(state);
/** The same list for SQL: `o.state IN ${PAID_STATES_SQL}`. */
export const PAID_STATES_SQL = `(${PAID_STATES.map((s) => `'${s}'`).join(', ')})`;

/** An amount of money in the API: integer minor units (the currency's `exponent` says how many digits). */
export const money = { type: 'integer', description: 'minor units of the currency' } as const;

export const amountsSchema = {
  type: 'object',
  required: [
    'currency',
    'exponent',
    'items_total',
    'discount',
    'shipping_fee',
    'tax',
    'tax_inclusive',
    'tax_rate_bp',
    'net_amount',
    'total',
  ],
  properties: {
    currency: { type: 'string' },
    exponent: { type: 'integer', description: 'minor digits of the currency (2: cents)' },
    items_total: money,
    discount: money,
    shipping_fee: money,
    tax: money,
    tax_inclusive: { type: 'boolean', description: 'true: the tax is contained in the total (EU, UK, id, in…)' },
    tax_rate_bp: { type: 'integer', description: 'VAT/GST rate in basis points' },
    net_amount: money,
    total: money,
  },
} as const;

export const orderLineSchema = {
  type: 'object',
  required: ['commodity_id', 'product_id', 'name', 'spec', 'image', 'quantity', 'unit_price', 'subtotal'],
  properties: {
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string' },
    spec: { type: 'string' },
    image: { type: 'string' },
    quantity: { type: 'integer' },
    unit_price: money,
    market_price: money,
    subtotal: money,
    stock: { type: 'integer' },
    problem: { type: ['string', 'null'], enum: [...LINE_PROBLEMS, null] },
    pre_order: { type: 'boolean' },
    previous_unit_price: {
      ...money,
      description:
        'checkout: the unit price when the line was added to the cart, present when a new release changed it since',
    },
    list_price: { ...money, description: 'a company purchase: the shelf price before the quantity tier' },
    tier_bp: { type: 'integer', description: 'a company purchase: the quantity tier discount in basis points' },
  },
} as const;

/** A company purchase (flow=company): the account's status and invoice data, tiers, VAT exemption and split payment. */
export const businessQuoteSchema = {
  type: ['object', 'null'],
  required: [
    'company_status',
    'company_name',
    'tax_id',
    'vat_exempt',
    'vat_exempted',
    'tier_saving',
    'split_from',
    'split_required',
    'order_max',
  ],
  properties: {
    company_status: { type: 'integer', description: 'company status: PENDING 1, BAD 2, GOOD 3, REJECTED 4, EXPIRED 5' },
    company_name: { type: 'string' },
    tax_id: { type: 'string' },
    vat_exempt: { type: 'boolean' },
    vat_exempted: { ...money, description: 'the VAT/GST not charged to an exempt account' },
    tier_saving: { ...money, description: 'what the quantity tiers took off the shelf prices' },
    split_from: { ...money, description: 'a total over this is paid by split payment (the split-payment threshold)' },
    split_required: { type: 'boolean' },
    order_max: { ...money, description: 'the business order amount maximum' },
  },
} as const;

/** The windows and deposit of a pre-sale (times in ms since the epoch). */
const presaleTermsProperties = {
  required: ['campaign_id', 'deposit', 'deposit_ends_at', 'final_starts_at', 'final_ends_at'],
  properties: {
    campaign_id: { type: 'string' },
    deposit: { ...money, description: 'per unit' },
    deposit_total: money,
    full_total: money,
    deposit_ends_at: { type: 'integer' },
    final_starts_at: { type: 'integer' },
    final_ends_at: { type: 'integer' },
    state: { type: 'string', enum: ['deposit_unpaid', 'deposit_paid', 'completed', 'lapsed'] },
    final_order_id: { type: ['string', 'null'] },
    final_amount: money,
    refund: {
      type: ['object', 'null'],
      required: ['amount', 'due_by', 'state'],
      properties: { amount: money, due_by: { type: 'integer' }, state: { type: 'string' } },
    },
  },
} as const;

export const quoteSchema = {
  type: 'object',
  required: [
    'amounts',
    'lines',
    'delivery',
    'delivery_method',
    'blockers',
    'unpaid_order_id',
    'invoice',
    'pre_order',
    'coupon',
    'points',
    'trade_in',
    'gift_cards',
    'gift_card_amount',
    'amount_due',
    'presale',
    'insurance',
  ],
  properties: {
    amounts: amountsSchema,
    lines: { type: 'array', items: orderLineSchema },
    delivery: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'fee', 'days', 'club_level'],
        properties: {
          id: { enum: DELIVERY_METHODS },
          fee: money,
          days: { type: 'array', items: { type: 'integer' } },
          club_level: {
            enum: [...CLUB_LEVEL_IDS, null],
            description: 'the Mi Club level whose free express delivery makes this option free, else null',
          },
        },
      },
    },
    delivery_method: { enum: DELIVERY_METHODS },
    blockers: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          'lines',
          'empty',
          'amount_max',
          'coupon',
          'points',
          'presale_alone',
          'presale_discounts',
          'gift_cards',
          'trade_in',
        ],
      },
    },
    trade_in: {
      type: ['object', 'null'],
      required: ['id', 'discount', 'refused'],
      properties: {
        id: { type: 'string' },
        discount: { ...money, description: 'exchange value + bonus, off one unit of the phone' },
        commodity_id: { type: ['string', 'null'] },
        exchange_value: money,
        bonus: money,
        subsidy: { ...money, description: 'paid back after the old device is assessed' },
        refused: { type: ['string', 'null'], enum: ['no_phone', 'not_eligible', null] },
      },
    },
    gift_cards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'balance', 'applied'],
        properties: {
          code: { type: 'string', description: 'the code as typed back (normalised)' },
          balance: money,
          applied: money,
        },
      },
    },
    gift_card_amount: money,
    amount_due: { ...money, description: 'what is left to pay by card after gift cards' },
    presale: {
      type: ['object', 'null'],
      ...presaleTermsProperties,
      required: [...presaleTermsProperties.required, 'deposit_total', 'full_total'],
      description: 'a pre-sale product in its deposit window: this order takes the deposit only',
    },
    points: {
      type: ['object', 'null'],
      required: ['balance', 'max', 'min', 'point_value', 'used', 'discount', 'refused'],
      properties: {
        balance: { type: 'integer' },
        max: {
          type: 'integer',
          description: 'the most points this order may use (20 % of the items after the coupon, within the balance)',
        },
        min: { type: 'integer', description: 'the fewest points one order may use' },
        point_value: money,
        used: { type: 'integer' },
        discount: money,
        refused: { type: ['string', 'null'], enum: ['below_minimum', 'not_enough', 'over_share', null] },
      },
    },
    coupon: {
      type: ['object', 'null'],
      required: ['user_coupon_id', 'title', 'kind', 'discount', 'free_shipping', 'refused'],
      properties: {
        user_coupon_id: { type: 'string' },
        title: { type: 'string' },
        kind: { type: 'string' },
        discount: money,
        free_shipping: { type: 'boolean' },
        refused: {
          type: ['string', 'null'],
          enum: ['not_eligible', 'min_spend', 'price_cap', null],
          description: 'why the coupon does not apply to this order (price_cap: only devices above its price limit)',
        },
        min_spend: money,
        max_unit_price: { ...money, type: ['integer', 'null'], description: 'the price limit of a device' },
      },
    },
    pre_order: { type: 'boolean', description: 'a line is a pre-order: placing needs agreePreOrder' },
    insurance: quoteInsuranceSchema,
    unpaid_order_id: { type: ['string', 'null'] },
    business: businessQuoteSchema,
    invoice: {
      type: 'object',
      required: ['company', 'tax_id_label', 'fiscal_id_from'],
      properties: { company: { type: 'boolean' }, tax_id_label: { type: ['string', 'null'] }, fiscal_id_from: money },
    },
  },
} as const;

/** Why money goes back (RefundReason of the refunds repository); the shopper's and the staff's views list the same. */
export const REFUND_REASONS = [
  'order_closed',
  'duplicate',
  'split_parts_paid',
  'presale_lapsed',
  'cancelled',
  'return',
  'goodwill',
  'unapplied_transfer',
  'insurance_withdrawal',
] as const;
/** Where a refund goes (RefundDestination of the refunds repository). */
export const REFUND_DESTINATIONS = ['card', 'pay_later', 'gift_card', 'bank'] as const;
/** Where a refund stands (RefundRow's state); the shopper's and the staff's views list the same. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed', 'done'] as const;

/** Money going back to the shopper on an order: why, how much, and where it stands. */
export const refundSchema = {
  type: 'object',
  required: ['amount', 'currency', 'reason', 'state', 'created_at', 'due_by', 'refunded_at', 'destination'],
  properties: {
    amount: money,
    currency: { type: 'string' },
    reason: {
      type: 'string',
      enum: REFUND_REASONS,
      description:
        'order_closed: a payment that arrived after the order closed; duplicate: a second payment of a paid order',
    },
    state: {
      type: 'string',
      enum: REFUND_STATES,
      description:
        'pending: on its way; succeeded: the provider paid it back; failed: staff pay it back by hand; ' +
        'done: paid back by staff',
    },
    created_at: { type: 'integer' },
    due_by: { type: 'integer', description: 'the latest date it is promised for' },
    refunded_at: { type: ['integer', 'null'] },
    destination: {
      type: 'object',
      required: ['kind', 'brand', 'last4'],
      description:
        'where the money goes: the card paid with (brand, last four digits), a pay-later account, a gift card ' +
        '(the last four characters of its code), or a bank transfer',
      properties: {
        kind: { type: 'string', enum: REFUND_DESTINATIONS },
        brand: { type: ['string', 'null'] },
        last4: { type: ['string', 'null'] },
      },
    },
  },
} as const;

export const orderSchema = {
  type: 'object',
  required: [
    'order_id',
    'state',
    'amounts',
    'delivery_method',
    'address',
    'address_changeable',
    'invoice',
    'add_time',
    'pay_before',
    'pay_time',
    'payment_type',
    'lines',
    'points_used',
    'points_discount',
    'gift_card_amount',
    'amount_due',
    'kind',
    'deposit_credit',
    'parent_order_id',
    'presale',
    'cancel_reason',
    'flow',
    'vat_exempt',
    'vat_exempted',
    'split_required',
    'refunds',
    'cancellable_after_payment',
  ],
  properties: {
    order_id: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    amounts: amountsSchema,
    delivery_method: { type: 'string' },
    address: { type: 'object', additionalProperties: { type: 'string' } },
    address_changeable: { type: 'boolean' },
    invoice: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
    add_time: { type: 'integer', description: 'ms since the epoch' },
    pay_before: { type: 'integer' },
    pay_time: { type: ['integer', 'null'] },
    payment_type: {
      type: ['string', 'null'],
      description: 'card brand and last four of the payment, e.g. "visa •••• 4242"',
    },
    points_used: { type: 'integer' },
    points_discount: money,
    gift_card_amount: money,
    amount_due: { ...money, description: 'what a card payment takes (the total less gift cards)' },
    kind: {
      type: 'string',
      enum: ['standard', 'deposit', 'final'],
      description: 'deposit and final: the two payments of a pre-order',
    },
    deposit_credit: { ...money, description: 'a final payment: the deposit already paid, taken off the total' },
    parent_order_id: { type: ['string', 'null'], description: 'a final payment: its deposit order' },
    presale: {
      type: ['object', 'null'],
      ...presaleTermsProperties,
      required: [...presaleTermsProperties.required, 'state', 'final_order_id', 'final_amount', 'refund'],
    },
    cancel_reason: { type: ['string', 'null'] },
    flow: { type: 'string', enum: ['consumer', 'company'], description: 'company: a business order (business flow)' },
    vat_exempt: { type: 'boolean' },
    vat_exempted: { ...money, description: 'an exempt company order: the VAT/GST not charged' },
    split_required: { type: 'boolean', description: 'a company order over the split-payment threshold: paid in parts' },
    lines: { type: 'array', items: orderLineSchema },
    refunds: { type: 'array', items: refundSchema, description: 'money going back on this order, oldest first' },
    cancellable_after_payment: {
      type: 'boolean',
      description:
        'paid and nothing shipped yet: the shopper may cancel it and is refunded in full (POST /order/cancel)',
    },
    timeline: { type: 'array', items: timelineStepSchema, description: 'the detail: its steps, oldest first' },
    shipments: { type: 'array', items: shipmentSchema, description: 'the detail: its parcels, oldest first' },
    to_come: { type: 'array', items: toComeSchema, description: 'the detail: units not shipped yet, by line' },
  },
} as const;

export type AmountsView = FromSchema<typeof amountsSchema>;
export type OrderLineView = FromSchema<typeof orderLineSchema>;
export type QuoteView = FromSchema<typeof quoteSchema>;
export type RefundView = FromSchema<typeof refundSchema>;
export type OrderView = FromSchema<typeof orderSchema>;

export const invoiceInput = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['personal', 'company'] },
    companyName: { type: 'string', maxLength: 200 },
    taxId: { type: 'string', maxLength: 40 },
    fiscalId: { type: 'string', maxLength: 40 },
  },
} as const;
export type InvoiceInput = FromSchema<typeof invoiceInput>;

export const orderIdBody = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 20 } },
} as const;
export type OrderIdBody = FromSchema<typeof orderIdBody>;

export const orderDetailQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 20 } },
} as const;

/** Change the delivery address of an order. */
export const orderAddressBody = {
  type: 'object',
  required: ['orderId', 'addressId'],
  properties: { orderId: { type: 'string', maxLength: 20 }, addressId: { type: 'string', maxLength: 20 } },
} as const;
export type OrderAddressBody = FromSchema<typeof orderAddressBody>;

/** The pre-sales of the country, or of one product. */
export const presaleListQuery = {
  type: 'object',
  properties: { productId: { type: 'string', maxLength: 80 } },
} as const;

export const orderPlaceAnswer = {
  type: 'object',
  required: ['order_id', 'state', 'replayed'],
  properties: {
    order_id: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    replayed: { type: 'boolean' },
  },
} as const;
export type OrderPlaceAnswer = FromSchema<typeof orderPlaceAnswer>;

export const orderListAnswer = {
  type: 'object',
  required: ['orders'],
  properties: { orders: { type: 'array', items: orderSchema } },
} as const;
export type OrderListAnswer = FromSchema<typeof orderListAnswer>;

export const orderDetailAnswer = {
  type: 'object',
  required: ['order'],
  properties: {
    order: orderSchema,
    /** The versions of the terms of sale and the privacy policy accepted with the order. */
    legal: { oneOf: [legalAcceptanceSchema, { type: 'null' }] },
    /** Device insurance bought with the order: its lines and one policy per insured unit (null: none). */
    insurance: { oneOf: [orderInsuranceSchema, { type: 'null' }] },
  },
} as const;
export type OrderDetailAnswer = FromSchema<typeof orderDetailAnswer>;

export const campaignSchema = {
  type: 'object',
  required: [
    'campaign_id',
    'product_id',
    'currency',
    'deposit',
    'deposit_starts_at',
    'deposit_ends_at',
    'final_starts_at',
    'final_ends_at',
    'stage',
  ],
  properties: {
    campaign_id: { type: 'string' },
    product_id: { type: 'string' },
    currency: { type: 'string' },
    deposit: { type: 'integer', description: 'per unit, minor units' },
    deposit_starts_at: { type: 'integer' },
    deposit_ends_at: { type: 'integer' },
    final_starts_at: { type: 'integer' },
    final_ends_at: { type: 'integer' },
    stage: { enum: ['upcoming', 'deposit', 'between', 'final', 'ended'] },
  },
} as const;
export type CampaignView = FromSchema<typeof campaignSchema>;

export const presaleListAnswer = {
  type: 'object',
  required: ['presales'],
  properties: { presales: { type: 'array', items: campaignSchema } },
} as const;
export type PresaleListAnswer = FromSchema<typeof presaleListAnswer>;

export const presaleFinalAnswer = {
  type: 'object',
  required: ['order_id', 'replayed'],
  properties: { order_id: { type: 'string' }, replayed: { type: 'boolean' } },
} as const;
export type PresaleFinalAnswer = FromSchema<typeof presaleFinalAnswer>;
