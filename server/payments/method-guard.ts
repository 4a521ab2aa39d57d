/**
 * The one check every payment start calls: the method is one this order may use on this device, with the order's
 * amount, products and pre-order state read from the database (never from the browser).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, Errno } from '../errors';
import { message } from '../i18n';
import type { Storefront } from '../storefront';
import { paymentMethodsOf } from '../../sites/payment-methods';
import { methodViews, type MethodDevice } from './method-availability';
import type { PaymentMethodView } from '../schemas/payment-methods';
import { orderCategories } from '../repositories/order-categories';

/** The order's methods with reasons; NOT_FOUND when it is not the user's, PAYMENT_NOT_PAYABLE when not unpaid. */
export async function orderMethods(
  app: FastifyInstance,
  storefront: Storefront,
  userId: number,
  orderId: string,
  device: MethodDevice,
): Promise<{ orderId: string; currency: string; amount: number; methods: PaymentMethodView[] }> {
  const found = await app.repos.orders.detail(userId, orderId);
  if (!found || found.order.local !== storefront.local) {
    throw new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
  }
  const { order } = found;
  if (order.state !== 'unpaid') {
    throw new ApiError(Errno.PAYMENT_NOT_PAYABLE, message(storefront, 'checkout.method.error.notPayable'));
  }
  const amount = order.total - order.gift_card_amount;
  const methods = methodViews(
    paymentMethodsOf(order.local, storefront.region.currency),
    {
      amount,
      currency: order.currency,
      countryCurrency: storefront.region.currency,
      categories: await orderCategories(app.db, order.id),
      presale: order.kind !== 'standard',
    },
    device,
  );
  return { orderId: order.id, currency: order.currency, amount, methods };
}

/**
 * Refuses to start a payment by a method (its key: 'card', 'ewallet:gopay', 'konbini:lawson') the order may not use.
 * @example await requireMethodOffered(app, request.storefront, user.id, orderId, 'qris', device)
 */
export async function requireMethodOffered(
  app: FastifyInstance,
  storefront: Storefront,
  userId: number,
  orderId: string,
  key: string,
  device: MethodDevice,
): Promise<PaymentMethodView> {
  const { methods } = await orderMethods(app, storefront, userId, orderId, device);
  const view = methods.find((m) => m.key === key);
  if (!view?.offered) {
    throw new ApiError(Errno.PAYMENT_METHOD_NOT_OFFERED, message(storefront, 'checkout.method.error.notOffered'), 200, {
      key,
      reason: view?.reason ?? 'not_in_country',
    });
  }
  return view;
}
