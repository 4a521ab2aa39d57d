import type { FastifyInstance } from 'fastify';
import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import type { Storefront } from '../../storefront';
import { MAX_OPEN_COD_ORDERS, type CodRefusal } from '../../orders/cod';
import type { CodOrderRow } from '../../repositories/cod-orders';
import type { CodAnswer } from '../../schemas/cod';

/** A COD order as the API answers it, with its order's state read now. */
export async function codView(app: FastifyInstance, cod: CodOrderRow, replayed: boolean): Promise<CodAnswer> {
  const orderState = (await app.repos.orders.head(cod.order_id))?.state ?? 'cancelled';
  return {
    order_id: cod.order_id,
    state: cod.state,
    order_state: orderState,
    amount: cod.amount,
    fee: cod.fee,
    currency: cod.currency,
    cancellable: cod.state === 'open' && orderState === 'processing',
    replayed,
  };
}

/** Each refusal of a COD step as the envelope's error. */
export function codError(storefront: Pick<Storefront, 'lang'>, refusal: CodRefusal): ApiError {
  switch (refusal) {
    case 'not_found':
      return new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
    case 'not_unpaid':
      return new ApiError(Errno.PAYMENT_NOT_PAYABLE, message(storefront, 'checkout.method.error.notPayable'));
    case 'in_flight':
      return new ApiError(Errno.PAYMENT_IN_FLIGHT, message(storefront, 'order.error.paymentInFlight'));
    case 'open_limit':
      return new ApiError(Errno.COD_OPEN_LIMIT, message(storefront, 'payment.cod.error.openLimit'), 200, {
        limit: MAX_OPEN_COD_ORDERS,
      });
    case 'shipped':
      return new ApiError(Errno.COD_SHIPPED, message(storefront, 'payment.cod.error.shipped'));
    case 'not_cod':
      return new ApiError(Errno.COD_NOT_COD, message(storefront, 'payment.cod.error.notCod'));
    case 'closed':
      return new ApiError(Errno.COD_CLOSED, message(storefront, 'payment.cod.error.closed'));
  }
}
