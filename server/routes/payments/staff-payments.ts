import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { message } from '../../i18n';
import { staffRefundAnswer, orderMoneySchema, refundIdBody, staffOrderQuery } from '../../schemas/staff-payments';
import { staffOrdersRepository, type StaffOrderRow } from '../../repositories/staff-orders';
import type { RefundRow } from '../../repositories/refunds';
import {
  staffOrderView,
  staffPaymentView,
  staffRefundView,
  staffSplitPartView,
  type OrderMoneyView,
} from '../../views/staff-payments-view';
import { orderStepIn } from '../../orders/order-steps';
import { orderCancelBody } from '../../schemas/refunds';
import { cancelPaidOrder } from '../../orders/cancel-paid-order';
import { paidCancelError } from '../orders/cancel-errors';

const orderMoneyAnswer = { 200: envelopeSchema(orderMoneySchema) } as const;
const refundAnswer = { 200: envelopeSchema(staffRefundAnswer) } as const;

/** The options of a route of this file: all are staff routes, listed under one tag in the API document. */
const staffRoute = <Schema extends object>(summary: string, schema: Schema) => ({
  schema: { tags: ['staff'], summary, ...schema },
});

/**
 * "Where is my money?" for support staff (every route staff only): an order of the storefront's country with its
 * payments, split-payment parts and refunds; cancelling an unpaid order (serialised with its payments, as the
 * shopper's cancel is); recording a refund paid back by hand; sending a refused refund to its provider again.
 * Each action is logged with the staff member's user id (there is no audit table to write it to).
 */
export async function staffPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const orders = staffOrdersRepository(app.db);
  const refunds = () => app.repos.refunds;

  const orderNotFound = (request: FastifyRequest) =>
    new ApiError(Errno.NOT_FOUND, message(request.storefront, 'order.error.notFound'), 404);
  const refundNotFound = (request: FastifyRequest) =>
    new ApiError(Errno.NOT_FOUND, message(request.storefront, 'console.payments.error.refundNotFound'), 404);

  /** Who acts on which refund: the staff member (each action is logged with their user id) and the refund's number. */
  const refundAction = (request: FastifyRequest & { body: { refundId: string } }) => ({
    staff: requireStaff(request),
    storefront: request.storefront,
    id: request.body.refundId.trim(),
  });

  /**
   * The refusal of an action the refund's state does not allow, with the state it is in now: read again, because a
   * parallel click may just have moved it (`known`, the refund as last read, answers if it can no longer be read).
   */
  async function stateRefusal(
    request: FastifyRequest,
    id: string,
    key: 'console.payments.error.notMarkable' | 'console.payments.error.notRetryable',
    known?: RefundRow,
  ): Promise<ApiError> {
    const now = (await refunds().get(id, request.storefront.local)) ?? known;
    if (!now) return refundNotFound(request);
    return new ApiError(Errno.REFUND_STATE, message(request.storefront, key), 200, { state: now.state });
  }

  async function orderMoney(order: StaffOrderRow): Promise<OrderMoneyView> {
    const [payments, split, owed] = await Promise.all([
      app.repos.payments.payments(order.id),
      // Only company orders are paid in parts.
      order.flow === 'company' ? app.repos.splitPayments.summary(order.user_id, order.id) : null,
      refunds().ofOrder(order.id),
    ]);
    return {
      order: staffOrderView(order),
      payments: payments.map(staffPaymentView),
      split_parts: (split?.parts ?? []).map(staffSplitPartView),
      refunds: owed.map(staffRefundView),
    };
  }

  app.get(
    '/staff/orders/payments',
    staffRoute(
      "An order of the storefront's country for support staff: its owner, payments, split-payment parts and " +
        'refunds, with what staff may do with each refund',
      { querystring: staffOrderQuery, response: orderMoneyAnswer },
    ),
    async (request) => {
      requireStaff(request);
      const order = await orders.get(request.query.orderId.trim(), request.storefront.local);
      if (!order) throw orderNotFound(request);
      return ok(await orderMoney(order));
    },
  );

  app.post(
    '/staff/orders/cancel',
    staffRoute(
      'Cancel an order. Unpaid: its stock is released; payments in flight are settled with their providers ' +
        'first: one that was charged pays the order instead (errno 32007, data.state paid). Paid and not ' +
        'shipped, with refund: true: cancelled and refunded in full, as the shopper cancels it (errno 45050 once ' +
        'anything shipped)',
      { body: orderCancelBody, response: orderMoneyAnswer },
    ),
    async (request) => {
      const staff = requireStaff(request);
      const { storefront } = request;
      const orderId = request.body.orderId.trim();
      const found = await orders.get(orderId, storefront.local);
      if (!found) throw orderNotFound(request);
      if (request.body.refund === true && found.state !== 'unpaid' && found.state !== 'in_review') {
        const done = await cancelPaidOrder(app.db, app.repos, {
          orderId,
          actor: `staff:${staff.id}`,
          reason: 'staff',
        });
        request.log.info({ staffUserId: staff.id, orderId, ok: done.ok }, 'staff cancel of a paid order');
        if (!done.ok)
          throw done.reason === 'not_found' ? orderNotFound(request) : paidCancelError(storefront, done.reason);
        return ok(await orderMoney((await orders.get(orderId, storefront.local))!));
      }
      const result = await app.orderClosing.close(orderId, 'staff');
      request.log.info({ staffUserId: staff.id, orderId, result }, 'staff cancel of an order');
      if (result === 'not_found') throw orderNotFound(request);
      if (result === 'paid')
        throw new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'order.error.paidMeanwhile'), 200, {
          state: 'paid',
        });
      if (result === 'in_flight')
        throw new ApiError(Errno.PAYMENT_IN_FLIGHT, message(storefront, 'order.error.paymentInFlight'));
      if (result === 'not_unpaid')
        throw new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'order.error.notCancellable'));
      return ok(await orderMoney((await orders.get(orderId, storefront.local))!));
    },
  );

  app.post(
    '/staff/refunds/done',
    staffRoute(
      'Record a refund as paid back by staff: one its provider refused, or one no provider pays while it is ' +
        'owed. Recorded once however many clicks; the shopper gets a message',
      { body: refundIdBody, response: refundAnswer },
    ),
    async (request) => {
      const { staff, storefront, id } = refundAction(request);
      const refund = await refunds().get(id, storefront.local);
      if (!refund) throw refundNotFound(request);
      const order = (await orders.get(refund.order_id, storefront.local))!;
      const marked = await app.db.transaction(async (tx) => {
        const row = await refunds().markDone(tx, id, storefront.local);
        if (row)
          await orderStepIn(
            tx,
            {
              id: order.id,
              user_id: order.user_id,
              url_local: order.url_local,
              total: row.amount,
              currency: row.currency,
            },
            'refunded',
            { amount: row.amount, actor: `staff:${staff.id}`, detail: { refundId: row.id, reason: row.reason } },
          );
        return row;
      });
      request.log.info(
        { staffUserId: staff.id, refundId: id, orderId: order.id, recorded: marked !== null },
        'staff marked a refund paid back',
      );
      if (!marked) throw await stateRefusal(request, id, 'console.payments.error.notMarkable', refund);
      return ok({ refund: staffRefundView(marked) });
    },
  );

  app.post(
    '/staff/refunds/retry',
    staffRoute(
      'Send a refund its provider refused to the provider again (its tries counted afresh) and run the ' +
        'refund job now; answers the refund as it then stands',
      { body: refundIdBody, response: refundAnswer },
    ),
    async (request) => {
      const { staff, storefront, id } = refundAction(request);
      const retried = await refunds().retry(id, storefront.local);
      request.log.info({ staffUserId: staff.id, refundId: id, requeued: retried !== null }, 'staff retry of a refund');
      if (!retried) throw await stateRefusal(request, id, 'console.payments.error.notRetryable');
      await app.refundJob.run();
      return ok({ refund: staffRefundView((await refunds().get(id, storefront.local)) ?? retried) });
    },
  );
}
