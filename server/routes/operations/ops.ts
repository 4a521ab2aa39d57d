import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { commerceRules } from '../../../sites/commerce';
import { storefronts } from '../../../region-config/storefronts';
import { ApiError, Errno } from '../../errors';
import { paymentReceiptMail } from '../../mail/order-mails';
import { findStorefront } from '../../storefront';
import {
  opsBankTransferConfirmAnswer,
  opsEnterpriseApproveAnswer,
  opsEnterpriseValidityAnswer,
  opsGiftcardsIssueAnswer,
  opsBankTransferConfirmBody,
  opsCouponWindowBody,
  opsEnterpriseApproveBody,
  opsEnterpriseValidityBody,
  opsGiftcardsIssueBody,
  opsPresaleWindowsBody,
} from '../../schemas/operations';
import { noData } from '../../schemas/common';
import { flashSaleOpsBody } from '../../schemas/flash-sales';
import { setFlashSale } from '../../flash-sales/set-sale';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Bearer token check in constant time (hashes first, so the length does not leak either). */
function authorised(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (!token || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

/**
 * Operator calls under /api/ops, for release managers and operations (not shoppers): moving a pre-sale's windows
 * when a launch date changes. Without OPS_TOKEN they do not exist (404); a wrong token is 404 as well, so the
 * surface is not discoverable.
 */
export async function opsRoutes(fastify: FastifyInstance, opts: { token: string | undefined }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.addHook('onRequest', async (request) => {
    if (!authorised(request, opts.token))
      throw new ApiError(Errno.NOT_FOUND, `no such API route: ${request.method} ${request.url.split('?')[0]}`, 404);
  });

  app.post(
    '/ops/presale/windows',
    {
      schema: {
        tags: ['operations'],
        summary: "Move a pre-sale campaign's deposit and final-payment windows (they must follow each other)",
        body: opsPresaleWindowsBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const b = request.body;
      const result = await app.repos.presales.moveWindows(b.campaignId, {
        depositStartsAt: new Date(b.depositStartsAt),
        depositEndsAt: new Date(b.depositEndsAt),
        finalStartsAt: new Date(b.finalStartsAt),
        finalEndsAt: new Date(b.finalEndsAt),
      });
      if (result === 'not_found') throw new ApiError(Errno.NOT_FOUND, 'no such pre-sale campaign', 404);
      if (result === 'order')
        throw new ApiError(
          Errno.INVALID_PARAM,
          'windows must follow each other: deposit start < deposit end <= final start < final end',
          400,
        );
      return ok({});
    },
  );

  app.post(
    '/ops/flash-sales',
    {
      schema: {
        tags: ['operations'],
        summary: 'Set or move a flash sale (places already given stay); every process learns it at once',
        body: flashSaleOpsBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const { local, ...sale } = request.body;
      const storefront = storefronts.find((f) => f.local === local);
      if (!storefront) throw new ApiError(Errno.FLASH_SALE_INVALID, `no storefront of the country ${local}`, 400);
      await setFlashSale(app.flashSales.repo, storefront, sale);
      return ok({});
    },
  );

  app.post(
    '/ops/coupon/window',
    {
      schema: {
        tags: ['operations'],
        summary:
          "Move a coupon campaign's window (its start must come before its end); pages follow it without a rebuild",
        body: opsCouponWindowBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const b = request.body;
      const result = await app.repos.coupons.moveWindow(b.couponId, {
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
      });
      if (result === 'not_found') throw new ApiError(Errno.NOT_FOUND, 'no such coupon', 404);
      if (result === 'order') throw new ApiError(Errno.INVALID_PARAM, 'the window must start before it ends', 400);
      return ok({});
    },
  );

  app.post(
    '/ops/giftcards/issue',
    {
      schema: {
        tags: ['operations'],
        summary:
          "Issue a gift card as customer service (a goodwill gesture): usable at once, in the country's currency",
        body: opsGiftcardsIssueBody,
        response: { 200: envelopeSchema(opsGiftcardsIssueAnswer) },
      },
    },
    async (request) => {
      const { local, amount } = request.body;
      if (!storefronts.some((f) => f.local === local))
        throw new ApiError(Errno.INVALID_PARAM, `no storefront in country "${local}"`, 400);
      const { currency } = commerceRules(local);
      return ok({ code: await app.repos.giftCards.issueGoodwill(local, currency, amount), currency });
    },
  );

  app.post(
    '/ops/enterprise/approve',
    {
      schema: {
        tags: ['operations'],
        summary:
          "Approve a user's enterprise account in a country as operations (GOOD for a year): for set-ups " +
          'and browser tests before staff review',
        body: opsEnterpriseApproveBody,
        response: { 200: envelopeSchema(opsEnterpriseApproveAnswer) },
      },
    },
    async (request) => {
      const b = request.body;
      const userId = await app.repos.users.idByEmail(b.email);
      if (!userId) throw new ApiError(Errno.NOT_FOUND, 'no such user', 404);
      const id = await app.repos.enterpriseAccounts.approveByOperations(userId, b.local, {
        name: b.companyName,
        tax: b.tax,
        vatExempt: b.vatExempt === true,
      });
      return ok({ account_id: id });
    },
  );

  app.post(
    '/ops/enterprise/validity',
    {
      schema: {
        tags: ['operations'],
        summary:
          "Set the validity end of a user's approved enterprise account in a country (a past date makes it EXPIRED 5)",
        body: opsEnterpriseValidityBody,
        response: { 200: envelopeSchema(opsEnterpriseValidityAnswer) },
      },
    },
    async (request) => {
      const b = request.body;
      const userId = await app.repos.users.idByEmail(b.email);
      const id = userId ? await app.repos.enterpriseAccounts.setValidUntil(userId, b.local, b.validUntil) : null;
      if (!id) throw new ApiError(Errno.NOT_FOUND, 'no approved enterprise account of this user in this country', 404);
      return ok({ account_id: id });
    },
  );

  const splits = app.repos.splitPayments;
  app.post(
    '/ops/bank-transfer/confirm',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Confirm that the bank transfer of a split-payment part arrived (by its part id); the order is ' +
          'paid when its parts cover it',
        body: opsBankTransferConfirmBody,
        response: { 200: envelopeSchema(opsBankTransferConfirmAnswer) },
      },
    },
    async (request) => {
      const result = await splits.confirmTransfer(request.body.partId, (order, email) => {
        const storefront = findStorefront(order.url_local)!;
        return paymentReceiptMail(app.mail.links(storefront).origin, storefront, email, order, 'bank transfer');
      });
      if (!result) throw new ApiError(Errno.NOT_FOUND, 'no pending bank transfer with this id', 404);
      if (result.state === 'failed')
        throw new ApiError(
          Errno.ORDER_NOT_PAYABLE,
          `the order is closed (${result.code}); the transfer is to be refunded`,
        );
      if (result.paid) app.mail.wake();
      return ok({ order_id: result.orderId, paid: result.paid, remaining: result.remaining });
    },
  );
}
