import type { FastifyInstance } from 'fastify';
import { findStorefront } from '../storefront';
import { ApiError, Errno } from '../errors';
import { errorEnvelope, storefrontParams } from '../schemas/common';
import { miscRoutes } from './site/misc';
import { cartRoutes } from './cart/cart';
import { cmsRoutes } from './site/cms';
import { catalogueRoutes } from './catalogue/catalogue';
import { subscribeRoutes } from './account/subscribe';
import { accountRoutes } from './account/index';
import { userRoutes } from './account/user';
import { errorRoutes } from './site/error-reports';
import { chatRoutes } from './support-desk/chat';
import { addressRoutes } from './account/addresses';
import { orderRoutes } from './orders/orders';
import { paymentRoutes } from './payments/card-payments';
import { asyncPaymentRoutes } from './payments/async-payments';
import { bankTransferRoutes } from './payments/bank-transfers';
import { konbiniPaymentRoutes } from './payments/konbini-payments';
import { upiPaymentRoutes } from './payments/upi-payments';
import { walletPaymentRoutes } from './payments/wallet-payments';
import { codPaymentRoutes } from './payments/cod-payments';
import { localMethodRoutes } from './payments/local-methods';
import { splitPaymentRoutes } from './payments/split-payments';
import { couponRoutes } from './promotions/coupons';
import { pointsRoutes } from './promotions/points';
import { fcodeRoutes } from './promotions/fcodes';
import { tradeInRoutes } from './orders/trade-in';
import { giftCardRoutes } from './promotions/gift-cards';
import { presaleRoutes } from './orders/presales';
import { messageRoutes } from './account/messages';
import { searchRoutes } from './catalogue/search';
import { aftersalesRoutes } from './after-sales/aftersales';
import { deviceRoutes } from './devices/devices';
import { supportDeskRoutes } from './support-desk/support-desk';
import { supportStaffRoutes } from './support-desk/support-staff';
import { staffChatRoutes } from './support-desk/staff-chat';
import { staffPaymentRoutes } from './payments/staff-payments';
import { orderLegalRoutes } from './orders/order-legal';
import { staffRefundRoutes } from './payments/staff-refunds';
import { reviewRoutes } from './catalogue/reviews';
import { businessRoutes } from './business/business';
import { staffStorageRoutes } from './support-desk/staff-storage';
import { staffFriendRoutes } from './support-desk/staff-friends';
import { priceRoutes } from './catalogue/prices';
import { inventoryRoutes } from './operations/inventory';
import { staffFulfilmentRoutes } from './fulfilment/staff-fulfilment';
import { staffCodRefusedRoutes } from './fulfilment/staff-cod-refused';
import { installIdempotency } from '../security/idempotency';
import { installStaffGate } from './gates/staff-gate';
import { sessionToken } from './gates/role-gate';
import { installReleaseGate } from './gates/release-gate';
import { releaseRoutes } from './releases/releases';
import { releaseAnalyticsRoutes } from './releases/analytics';
import { orderReviewRoutes } from './review/review';
import { webhookRoutes } from './webhooks/webhooks';
import { documentRoutes } from './invoices/documents';
import { customerContactRoutes } from './site/customer-contact';
import { dataRightsRoutes } from './account/data-rights';
import { alertRoutes } from './alerts/alerts';
import { staffAlertRoutes } from './alerts/staff-alerts';
import { studentProgrammeRoutes } from './students/index';
import { insuranceRoutes } from './insurance/insurance';
import { flashSaleRoutes } from './flash-sales/flash-sales';
import { analyticsRoutes } from './analytics/collect';

/** Every API call of one storefront, under /api/:urlLocal (all host families of the embedded default). */
export async function storefrontApi(app: FastifyInstance): Promise<void> {
  // Every route shares the urlLocal param; adding it here keeps the OpenAPI document complete.
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema['params'] ??= storefrontParams;
    // Error answers are documented once for every route (the central handler writes them).
    const response = (schema['response'] ??= {}) as Record<string, unknown>;
    response['400'] ??= { description: 'invalid parameter (errno 40001, 40003, 40004)', ...errorEnvelope };
    response['404'] ??= { description: 'unknown storefront (errno 40400)', ...errorEnvelope };
  });
  // Hooks of every call answer through `done` where they can, without a promise, for speed.
  app.addHook('onRequest', (request, _reply, done) => {
    const { urlLocal } = request.params as { urlLocal?: string };
    const storefront = urlLocal ? findStorefront(urlLocal) : undefined;
    if (!storefront)
      return done(new ApiError(Errno.NOT_FOUND, `unknown storefront "${String(urlLocal).slice(0, 20)}"`, 404));
    request.storefront = storefront;
    done();
  });
  // A POST without a body (sendBeacon, a bare `fetch(url, {method: 'POST'})`) is an empty form, so required
  // fields are reported by name instead of "body must be object".
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    // The staff gate signed its routes' requests in already, before validation.
    if (request.user) return done();
    const token = sessionToken(request);
    // Visitors wait for nothing.
    if (!token) {
      request.user = null;
      return done();
    }
    app.repos.users.userBySession(token).then((user) => {
      request.user = user;
      done();
    }, done);
  });

  installStaffGate(app);
  installReleaseGate(app);

  // After the user is known: keys are scoped per user (or visitor cart).
  installIdempotency(app, app.repos.idempotency);

  await app.register(miscRoutes);
  await app.register(cartRoutes);
  await app.register(cmsRoutes);
  await app.register(catalogueRoutes);
  await app.register(subscribeRoutes);
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(errorRoutes);
  await app.register(chatRoutes);
  await app.register(addressRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(asyncPaymentRoutes);
  await app.register(bankTransferRoutes);
  await app.register(konbiniPaymentRoutes);
  await app.register(upiPaymentRoutes);
  await app.register(walletPaymentRoutes);
  await app.register(codPaymentRoutes);
  await app.register(localMethodRoutes);
  await app.register(splitPaymentRoutes);
  await app.register(couponRoutes);
  await app.register(pointsRoutes);
  await app.register(fcodeRoutes);
  await app.register(tradeInRoutes);
  await app.register(giftCardRoutes);
  await app.register(presaleRoutes);
  await app.register(messageRoutes);
  await app.register(searchRoutes);
  await app.register(aftersalesRoutes);
  await app.register(deviceRoutes);
  await app.register(supportDeskRoutes);
  await app.register(supportStaffRoutes);
  await app.register(staffChatRoutes);
  await app.register(staffPaymentRoutes);
  await app.register(orderLegalRoutes);
  await app.register(staffRefundRoutes);
  await app.register(reviewRoutes);
  await app.register(businessRoutes);
  await app.register(staffStorageRoutes);
  await app.register(staffFriendRoutes);
  await app.register(priceRoutes);
  await app.register(inventoryRoutes);
  await app.register(staffFulfilmentRoutes);
  await app.register(staffCodRefusedRoutes);
  await app.register(releaseRoutes);
  await app.register(releaseAnalyticsRoutes);
  await app.register(orderReviewRoutes);
  await app.register(webhookRoutes);
  await app.register(documentRoutes);
  await app.register(customerContactRoutes);
  await app.register(dataRightsRoutes);
  await app.register(alertRoutes);
  await app.register(staffAlertRoutes);
  await app.register(studentProgrammeRoutes);
  await app.register(insuranceRoutes);
  await app.register(flashSaleRoutes);
  await app.register(analyticsRoutes);
}
