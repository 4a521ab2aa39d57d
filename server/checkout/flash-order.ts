import type { Database, Queryable } from '../db/types';
import type { OrderLineRow, OrderRow } from '../repositories/orders';
import type { FlashSalesRepository, WonForOrder } from '../repositories/flash-sales';
import type { CheckoutLine } from '../orders/checkout-lines';
import { cancelOrderIn, type CancelRepos } from '../orders/cancel-order';
import { deliveryOptions, orderAmounts, type DeliveryOption, type OrderAmounts } from '../orders/amounts';
import { orderStepIn } from '../orders/order-steps';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { commerceRules } from '../../sites/commerce';
import { toMinor } from '../../region-config/money';
import { runSteps, type Step } from './run-steps';

/** The repositories a flash sale's order is written through. */
export interface FlashOrderRepos extends CancelRepos {
  flashSales: Pick<FlashSalesRepository, 'wonForOrderIn' | 'attachOrderIn'>;
}

export interface FlashOrderInput {
  saleId: string;
  userId: number;
  /** The storefront the shopper entered the sale from (the order's language). */
  urlLocal: string;
  /** The shopper's default address in the sale's country, as an order keeps it. */
  address: Record<string, string>;
  /** The confirmation mail, written once the order number is known. */
  mail: (order: OrderRow, lines: OrderLineRow[]) => OutgoingMail;
}

/**
 * The order of a won place, or why none was written: the place is not (or no longer) won without an order, or the
 * shopper's older unpaid order has a payment with its provider (the place keeps its unit; the sweep tries again).
 */
export type FlashOrderResult =
  | { ok: true; order: OrderRow }
  | { ok: false; reason: 'no_place' }
  | { ok: false; reason: 'unpaid_in_flight'; orderId: string };

interface FlashOrdering {
  input: FlashOrderInput;
  repos: FlashOrderRepos;
  tx: Queryable;
  place?: WonForOrder;
  delivery?: DeliveryOption;
  amounts?: OrderAmounts;
  order?: OrderRow;
  lines: OrderLineRow[];
}

type FlashOrderStep = Step<FlashOrdering, FlashOrderResult>;

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`flash order: a step needs ${what} before the step that sets it ran`);
  return value;
};

/** One placement per buyer at a time, the lock the cart's checkout takes too (the one-unpaid-order rule holds). */
const lockBuyer: FlashOrderStep = {
  name: 'lockBuyer',
  async run(f) {
    await f.repos.orders.lockPlacementsIn(f.tx, f.input.userId);
  },
};

/** Locks the won place (a second writer for it waits here, then finds its order) and reads what it sells. */
const lockPlace: FlashOrderStep = {
  name: 'lockPlace',
  async run(f) {
    const place = await f.repos.flashSales.wonForOrderIn(f.tx, f.input.saleId, f.input.userId);
    if (!place) return { ok: false, reason: 'no_place' };
    f.place = place;
  },
};

/**
 * One unpaid order per shopper: the won unit does not wait behind an older unpaid order, which is cancelled (its
 * stock, coupon, points and gift-card amounts go back, the inbox says so) and can be placed again from the cart.
 * One whose payment is with its provider is not cancelled under it: the place keeps its unit and the sweep retries.
 */
const makeRoom: FlashOrderStep = {
  name: 'makeRoom',
  async run(f) {
    const unpaid = await f.repos.orders.unpaidForUpdateIn(f.tx, f.input.userId);
    if (!unpaid) return;
    const result = await cancelOrderIn(f.tx, f.repos, unpaid.id, unpaid.due ? 'payment_window' : 'flash_sale');
    if (result === 'in_flight') return { ok: false, reason: 'unpaid_in_flight', orderId: unpaid.id };
  },
};

/** The units held at the sale price, with the country's standard delivery (free from its threshold) and tax. */
const price: FlashOrderStep = {
  name: 'price',
  async run(f) {
    const place = need(f.place, 'the place');
    const rules = commerceRules(place.local);
    const items = place.salePrice * place.quantity;
    const delivery = deliveryOptions(rules, items)[0]!;
    f.delivery = delivery;
    f.amounts = orderAmounts(rules, items, delivery.fee);
  },
};

/**
 * The unpaid order, due when the place's payment window ends: the order-expiry machinery then cancels it and the
 * release hands the unit to the next in line. The sale's units are its own, not the offer's stock, so the order
 * moves no stock (and its cancellation gives none back: the ledger says it took none).
 */
const writeOrder: FlashOrderStep = {
  name: 'writeOrder',
  async run(f) {
    const { input, tx } = f;
    const place = need(f.place, 'the place');
    const order = await f.repos.orders.insertIn(tx, {
      ...need(f.amounts, 'the amounts'),
      userId: input.userId,
      local: place.local,
      urlLocal: input.urlLocal,
      flow: 'consumer',
      deliveryMethod: need(f.delivery, 'the delivery').id,
      address: input.address,
      invoice: null,
      idempotencyKey: `flash:${input.saleId}`,
      paymentWindowMinutes: 0,
      payBefore: place.payUntil,
      couponId: null,
      pointsUsed: 0,
      pointsDiscount: 0,
      giftCardAmount: 0,
      presaleId: null,
    });
    await orderStepIn(tx, order, 'placed', { actor: 'shopper', detail: { flash_sale: input.saleId } });
    f.order = order;
  },
};

/** The one line: the units the place holds of the won version at the sale price, beside its market price. */
const writeLine: FlashOrderStep = {
  name: 'writeLine',
  async run(f) {
    const place = need(f.place, 'the place');
    const order = need(f.order, 'the order');
    const line: CheckoutLine = {
      commodityId: place.commodityId,
      productId: place.productId,
      category: place.category,
      name: place.name,
      spec: place.spec,
      image: place.image,
      quantity: place.quantity,
      unitPrice: place.salePrice,
      marketPrice: Math.max(
        place.salePrice,
        place.marketPrice === null ? 0 : toMinor(place.marketPrice, place.currency),
      ),
      subtotal: place.salePrice * place.quantity,
      stock: 0,
      purchaseLimit: place.quantity,
      preOrder: false,
      problem: null,
    };
    f.lines.push(await f.repos.orders.insertLineIn(f.tx, order.id, 1, line));
  },
};

/** Ties the place to its order and queues the confirmation mail (the outbox sends only committed mail). */
const attach: FlashOrderStep = {
  name: 'attach',
  async run(f) {
    const order = need(f.order, 'the order');
    if (!(await f.repos.flashSales.attachOrderIn(f.tx, f.input.saleId, f.input.userId, order.id)))
      throw new Error('flash order: the locked place was no longer won');
    await mailOutbox.enqueue(f.tx, {
      ...f.input.mail(order, f.lines),
      dedupeKey: `order-confirmation:${order.id}`,
    });
    return { ok: true, order };
  },
};

/** The steps of a won place's order, in order. */
export const FLASH_ORDER_STEPS: readonly FlashOrderStep[] = [
  lockBuyer,
  lockPlace,
  makeRoom,
  price,
  writeOrder,
  writeLine,
  attach,
];

/**
 * Writes the unpaid order of a won flash-sale place at the sale price to the shopper's address, in one transaction
 * with the place's lock; paid like any order (`POST payment/card`). Writing it again for the same place finds none
 * to write (`no_place`): the caller reads the place's order.
 */
export async function placeFlashOrder(
  db: Database,
  repos: FlashOrderRepos,
  input: FlashOrderInput,
): Promise<FlashOrderResult> {
  const ordering: FlashOrdering = { input, repos, tx: db, lines: [] };
  const result = await runSteps(FLASH_ORDER_STEPS, ordering, {
    transaction: (body) =>
      db.transaction(async (tx) => {
        ordering.tx = tx;
        return body();
      }),
    // A refusal before the order is written commits only the cancellation of an overdue unpaid order, if any.
    failed: (r) => !r.ok,
  });
  if (!result) throw new Error('flash order: the last step ends every run with its result');
  return result;
}
