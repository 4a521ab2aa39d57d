import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { checkoutQuoteBody, flowQuery, orderPlaceBody } from '../../schemas/checkout';
import {
  type InvoiceInput,
  orderAddressBody,
  orderDetailAnswer,
  orderDetailQuery,
  orderListAnswer,
  orderPlaceAnswer,
  quoteSchema,
} from '../../schemas/order';
import { quote } from '../../orders/pricing';
import { placeOrder } from '../../checkout/place-order';
import { refusalError, type CheckoutRefusal } from '../../checkout/refusal-error';
import { fcodeGate } from '../../checkout/steps/check-cart';
import { lapsedDepositRefund, orderView, quoteView, type PresaleContext } from '../../views/order-view';
import { orderCancelAnswer, orderCancelBody } from '../../schemas/refunds';
import { cancelPaidOrder } from '../../orders/cancel-paid-order';
import { cancelAnswer, paidCancelError } from './cancel-errors';
import { afterSaleView } from '../../views/order-timeline-view';
import { finalPaymentAmounts } from '../../orders/presale';
import type { OrderLineRow, OrderRow } from '../../repositories/orders';
import { commerceRules, type DeliveryMethodId } from '../../../sites/commerce';
import { checkTaxId } from '../../../region-config/tax-ids';
import { orderConfirmationMail } from '../../mail/order-mails';
import { addressSnapshot } from '../account/addresses';
import type { Storefront } from '../../storefront';
import { toCheckoutCoupon } from '../../repositories/coupons';
import type { CheckoutCoupon } from '../../orders/coupon-discount';
import type { PointsWish } from '../../orders/pricing';
import { pointsRules } from '../../../sites/points';
import type { QuoteChoices } from '../../orders/pricing';
import type { CartLine } from '../../repositories/cart';
import { paymentReceiptMail } from '../../mail/order-mails';
import { companyAccountOf, type CompanyAccount } from '../../repositories/company-status';
import { businessInvoice, businessQuoteView, requireGoodAccount } from '../../orders/business-checkout';
import { businessRules } from '../../../sites/business-pricing';
import { clubMembership, type ClubMembership } from '../../../sites/club';
import { noData } from '../../schemas/common';
import { currentAcceptance } from '../../legal/current-versions';
import { legalAcceptanceView } from '../../views/legal-acceptance-view';
import { insuranceOf } from '../../../sites/insurance';
import { insuranceRepository } from '../../repositories/insurance';
import { orderInsuranceView } from '../../views/insurance-view';

const t = (storefront: Storefront, key: string) => message(storefront, key);

/**
 * Company invoices: company name and a tax ID in the country's format (GSTIN matches the billing state); a fiscal ID
 * from EUR 3000.
 */
function checkInvoice(
  storefront: Storefront,
  invoice: InvoiceInput | undefined,
  total: number,
  billingState: string,
): Record<string, string> | null {
  const rules = commerceRules(storefront.local);
  const fields: Record<string, string> = {};
  const type = invoice?.type ?? 'personal';
  if (type === 'company') {
    if (!rules.companyInvoice) fields['type'] = 'unavailable';
    if (!invoice?.companyName?.trim()) fields['companyName'] = 'required';
    else if (/^\s/.test(invoice.companyName) || invoice.companyName.length > 100) fields['companyName'] = 'format';
    const taxError = rules.companyInvoice ? checkTaxId(storefront.local, invoice?.taxId ?? '', billingState) : null;
    if (taxError) fields['taxId'] = taxError;
  }
  if (
    total >= rules.fiscalIdFromMinor &&
    type === 'personal' &&
    !/^[A-Za-z0-9-]{5,20}$/.test(invoice?.fiscalId?.trim() ?? '')
  )
    fields['fiscalId'] = 'required';
  if (Object.keys(fields).length > 0) {
    throw new ApiError(Errno.INVOICE_INVALID, t(storefront, 'order.error.invoice'), 200, { fields });
  }
  if (!invoice) return null;
  const kept: Record<string, string> = { type };
  if (type === 'company')
    Object.assign(kept, { companyName: invoice.companyName!.trim(), taxId: invoice.taxId!.trim().toUpperCase() });
  if (invoice.fiscalId?.trim()) kept['fiscalId'] = invoice.fiscalId.trim();
  return kept;
}

/** /business paths add flow=company (the business flow): the order is a company purchase. */
function flowOf(request: FastifyRequest): 'consumer' | 'company' {
  return (request.query as { flow?: string } | undefined)?.flow === 'company' ? 'company' : 'consumer';
}

/** Checkout (quote and placement) and the user's orders: list, detail, cancel, change the address once. */
export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const insurance = insuranceRepository(app.db);

  /** A company purchase (flow=company): the user's GOOD enterprise account, or the refusal worded by its status. */
  async function companyBuyer(request: FastifyRequest, userId: number): Promise<CompanyAccount | null> {
    if (flowOf(request) !== 'company') return null;
    return requireGoodAccount(request.storefront, await companyAccountOf(app.db, userId, request.storefront.local));
  }

  async function userCart(userId: number): Promise<string> {
    return app.repos.cart.ensure({ userId });
  }

  /** The shopper's balance and the country's rules, when they want to use points. */
  async function pointsWish(userId: number, local: string, wanted: number): Promise<PointsWish | null> {
    return {
      wanted,
      balance: await app.repos.points.balance(app.db, userId, local),
      rules: pointsRules(local, commerceRules(local)),
    };
  }

  /** The claimed coupon the shopper chose, or "redeemed coupon unavailable" when it is not theirs to use. */
  async function chosenCoupon(
    request: FastifyRequest,
    userId: number,
    id: string | undefined,
  ): Promise<CheckoutCoupon | null> {
    if (!id) return null;
    const row = await app.repos.coupons.usable(app.db, userId, request.storefront.local, id);
    if (!row)
      throw refusalError(request.storefront, { ok: false, reason: 'coupon' }, commerceRules(request.storefront.local));
    return toCheckoutCoupon(row);
  }

  /**
   * The shopper's checkout choices, resolved against their account: coupon, points, F-codes, gift cards, open
   * pre-sales.
   */
  async function checkoutChoices(
    request: FastifyRequest,
    userId: number,
    cart: CartLine[],
    body: {
      deliveryMethod?: string | undefined;
      userCouponId?: string | undefined;
      points?: number | undefined;
      giftCards?: readonly string[] | undefined;
      tradeInId?: string | undefined;
    },
    club: ClubMembership | null = null,
  ): Promise<QuoteChoices> {
    const { local } = request.storefront;
    const refused = (refusal: CheckoutRefusal) => refusalError(request.storefront, refusal, commerceRules(local));
    const cards = await app.repos.giftCards.resolve(app.db, userId, local, body.giftCards ?? []);
    if (!cards.ok) throw refused({ ok: false, reason: 'gift_card', code: cards.code, problem: cards.problem });
    const tradeIn = body.tradeInId ? await app.repos.tradeIns.usable(app.db, userId, local, body.tradeInId) : null;
    if (body.tradeInId && !tradeIn) throw refused({ ok: false, reason: 'trade_in' });
    return {
      tradeIn,
      method: body.deliveryMethod as DeliveryMethodId | undefined,
      coupon: await chosenCoupon(request, userId, body.userCouponId),
      points: body.points ? await pointsWish(userId, local, body.points) : null,
      fcode: await fcodeGate(app.repos.fcodes, app.db, userId, local, cart),
      giftCards: cards.cards,
      presales: await app.repos.presales.openDeposits(app.db, local, club?.benefits.earlyAccessHours ?? 0),
      club,
    };
  }

  /** The device insurance an order bought, with its policies and their claims (null: none). */
  async function orderInsurance(orderId: string) {
    const { lines, policies } = await insurance.ofOrder(orderId);
    return orderInsuranceView(lines, policies, await insurance.claimsOf(policies.map((p) => p.id)));
  }

  /** A pre-order's windows, its final payment (the order, or what it will take) and a lapsed deposit's refund. */
  async function presaleContext(order: OrderRow, lines: OrderLineRow[]): Promise<PresaleContext | null> {
    if (order.kind === 'standard' || !order.presale_id) return null;
    const terms = await app.repos.presales.terms(app.db, order.presale_id);
    if (!terms) return null;
    if (order.kind === 'final') return { terms, finalOrder: order, finalAmount: order.total, refund: null };
    const finalOrder = await app.repos.orders.finalOf(order.id);
    const full = lines.reduce((sum, l) => sum + l.subtotal, 0);
    const finalAmount = finalOrder?.total ?? finalPaymentAmounts(commerceRules(order.local), full, order.total).total;
    const lapsed = (await app.repos.refunds.ofOrder(order.id)).filter((r) => r.reason === 'presale_lapsed');
    return { terms, finalOrder, finalAmount, refund: lapsedDepositRefund(lapsed) };
  }

  app.post(
    '/checkout/quote',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'What the checkout shows: checked cart lines (flagged when they cannot be ordered), delivery ' +
          'options, amounts, blockers',
        querystring: flowQuery,
        body: checkoutQuoteBody,
        response: { 200: envelopeSchema(quoteSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { local } = request.storefront;
      const company = await companyBuyer(request, user.id);
      const rules = company ? businessRules(local) : commerceRules(local);
      const cart = await app.repos.cart.lines(await userCart(user.id), local);
      // A company purchase is the company's: the Mi Club's benefits are a member's (as the placement's readClub).
      const club = company ? null : clubMembership(local, await app.repos.points.earned(user.id, local));
      const q = quote(cart, rules, {
        ...(await checkoutChoices(request, user.id, cart, request.body, club)),
        points: await pointsWish(user.id, local, request.body.points ?? 0),
        business: company ? { vatExempt: company.vatExempt } : null,
        insurance: insuranceOf(local),
      });
      const unpaid = await app.repos.orders.unpaid(user.id);
      return ok({
        ...quoteView(q, rules, local, unpaid?.id ?? null, request.storefront.i18n),
        business: company ? businessQuoteView(local, company, q) : null,
      });
    },
  );

  app.post(
    '/order/place',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'Place the order of the checked cart lines: one transaction that reserves stock; retries with the ' +
          'same key return the same order',
        description:
          'Send an Idempotency-Key header or a checkoutToken. flow=company in the query for business purchases.',
        querystring: flowQuery,
        body: orderPlaceBody,
        response: { 200: envelopeSchema(orderPlaceAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      if (request.body.agreePrivacy !== true) {
        throw new ApiError(Errno.AGREEMENT_REQUIRED, t(storefront, 'order.error.agreement'), 200, {
          fields: { agreePrivacy: 'required' },
        });
      }
      const address = await app.repos.addresses.get(app.db, user.id, request.body.addressId);
      if (!address || address.local !== storefront.local) {
        throw new ApiError(Errno.INVALID_PARAM, t(storefront, 'address.error.choose'), 200, {
          fields: { addressId: 'required' },
        });
      }
      const company = await companyBuyer(request, user.id);
      const rules = company ? businessRules(storefront.local) : commerceRules(storefront.local);
      const key = request.headers['idempotency-key'];
      const result = await placeOrder(app.db, app.repos, {
        userId: user.id,
        cartId: await userCart(user.id),
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        flow: flowOf(request),
        rules,
        deliveryMethod: request.body.deliveryMethod,
        address: addressSnapshot(address),
        // The invoice is checked against what the order costs, as the placement priced it.
        invoiceFor: (total) =>
          checkInvoice(
            storefront,
            company ? businessInvoice(storefront, company, request.body.invoice) : request.body.invoice,
            total,
            address.state,
          ),
        userCouponId: request.body.userCouponId,
        points: request.body.points,
        giftCards: request.body.giftCards,
        tradeInId: request.body.tradeInId,
        agreedPreOrder: request.body.agreePreOrder === true,
        legal: currentAcceptance(storefront.lang),
        business: company ? { accountId: company.id, vatExempt: company.vatExempt } : null,
        idempotencyKey:
          request.body.checkoutToken ?? (typeof key === 'string' && key ? `h:${key.slice(0, 100)}` : randomUUID()),
        mail: (order, lines, plans) =>
          orderConfirmationMail(app.mail.links(storefront).origin, storefront, user.email, order, lines, plans),
        receipt: (order, issued) =>
          paymentReceiptMail(app.mail.links(storefront).origin, storefront, user.email, order, '', issued),
      });
      if (!result.ok) throw refusalError(storefront, result, rules);
      if (!result.replayed) app.mail.wake();
      return ok({ order_id: result.order.id, state: result.order.state, replayed: result.replayed });
    },
  );

  app.get(
    '/order/list',
    {
      schema: {
        tags: ['orders'],
        summary: "The user's orders in this country, newest first",
        response: { 200: envelopeSchema(orderListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const orders = await app.repos.orders.list(user.id, request.storefront.local);
      const lines = await app.repos.orders.linesOf(orders.map((o) => o.id));
      return ok({ orders: orders.map((o) => orderView(o, lines.get(o.id) ?? [])) });
    },
  );

  app.get(
    '/order/detail',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with its lines, address and payment',
        querystring: orderDetailQuery,
        response: { 200: envelopeSchema(orderDetailAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await app.repos.orders.detail(user.id, request.query.orderId);
      if (!found) throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'order.error.notFound'), 404);
      const { order, lines } = found;
      const [events, shipments] = await Promise.all([
        app.repos.orderEvents.forOrder(order.id),
        app.repos.shipments.ofOrder(order.id),
      ]);
      return ok({
        order: {
          ...orderView(
            order,
            lines,
            await app.repos.payments.payments(order.id),
            await presaleContext(order, lines),
            await app.repos.refunds.ofOrder(order.id),
          ),
          ...afterSaleView(order, lines, events, shipments),
        },
        legal: legalAcceptanceView(await app.repos.legalAcceptances.ofOrder(order.id)),
        insurance: await orderInsurance(order.id),
      });
    },
  );

  app.post(
    '/order/cancel',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order. Unpaid: its stock is released; a payment in flight is settled with its provider ' +
          'first (if it was charged, the order is paid instead: errno 32007, data.state paid). Paid and not ' +
          'shipped, with refund: true: cancelled and refunded in full (money back where it came from, coupon ' +
          'back while valid, earned points taken back, redeemed points not refundable); refused once anything ' +
          'shipped (errno 45050)',
        body: orderCancelBody,
        response: { 200: envelopeSchema(orderCancelAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const head = await app.repos.orders.head(request.body.orderId);
      const paidCancel = request.body.refund === true && head?.user_id === user.id;
      if (paidCancel && head && head.state !== 'unpaid' && head.state !== 'in_review') {
        const done = await cancelPaidOrder(app.db, app.repos, {
          orderId: request.body.orderId,
          actor: 'shopper',
          reason: 'shopper',
          userId: user.id,
        });
        if (!done.ok)
          throw done.reason === 'not_found'
            ? new ApiError(Errno.NOT_FOUND, t(storefront, 'order.error.notFound'), 404)
            : paidCancelError(storefront, done.reason);
        return ok(cancelAnswer(done));
      }
      const result = await app.orderClosing.close(request.body.orderId, 'shopper', user.id);
      if (result === 'not_found') throw new ApiError(Errno.NOT_FOUND, t(storefront, 'order.error.notFound'), 404);
      if (result === 'paid')
        throw new ApiError(Errno.ORDER_NOT_PAYABLE, t(storefront, 'order.error.paidMeanwhile'), 200, { state: 'paid' });
      if (result === 'in_flight')
        throw new ApiError(Errno.PAYMENT_IN_FLIGHT, t(storefront, 'order.error.paymentInFlight'));
      if (result === 'not_unpaid')
        throw new ApiError(Errno.ORDER_NOT_PAYABLE, t(storefront, 'order.error.notCancellable'));
      return ok(cancelAnswer(null));
    },
  );

  app.post(
    '/order/address',
    {
      schema: {
        tags: ['orders'],
        summary: 'Change the delivery address of an order (an address may be changed once, before shipping)',
        body: orderAddressBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const address = await app.repos.addresses.get(app.db, user.id, request.body.addressId);
      if (!address || address.local !== request.storefront.local)
        throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'address.error.notFound'), 404);
      const result = await app.repos.orders.changeAddress(user.id, request.body.orderId, addressSnapshot(address));
      if (result === 'not_found')
        throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'order.error.notFound'), 404);
      if (result !== 'changed')
        throw new ApiError(Errno.ADDRESS_CHANGE_USED, t(request.storefront, 'order.error.addressChange'));
      return ok({});
    },
  );
}
