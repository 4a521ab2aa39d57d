import type { Database, Queryable } from '../db/types';
import type { OrderActor } from '../schemas/order-events';
import type { OrderRow } from '../repositories/orders';
import { codOrders } from '../repositories/cod-orders';
import { paymentsRepository } from '../repositories/payments';
import { ordersRepository } from '../repositories/orders';
import { pointsRepository } from '../repositories/points';
import { pointsEarned, pointsRules } from '../../sites/points';
import { commerceRules } from '../../sites/commerce';
import { orderStepIn } from './order-steps';

/**
 * The courier collected the cash of a delivered cash-on-delivery order: in the delivered step's transaction (which
 * holds the order's lock), the cash becomes the order's one succeeded payment (provider `cod`), the order is stamped
 * paid (so invoices, reports and refunds see it), Mi Points are earned and the `paid` step is recorded. Any other
 * order, or one already collected, is left alone.
 */
export async function collectCodIn(tx: Queryable, db: Database, order: OrderRow, actor: OrderActor): Promise<void> {
  const cod = await codOrders.ofOrder(tx, order.id);
  if (cod?.state !== 'open') return;
  const paymentId = await paymentsRepository(db).recordCodPaymentIn(tx, order.id, cod.amount, cod.currency);
  await codOrders.markCollectedIn(tx, order.id, paymentId);
  const paid = await ordersRepository(db).markPaidOnDeliveryIn(tx, order.id);
  if (!paid) return;
  await pointsRepository(db).earnIn(
    tx,
    order.user_id,
    order.local,
    order.id,
    pointsEarned(pointsRules(order.local, commerceRules(order.local)), order.total - order.gift_card_amount),
  );
  await orderStepIn(tx, paid, 'paid', {
    actor,
    detail: { method: 'cod', payment_id: paymentId },
    amount: cod.amount,
  });
}
