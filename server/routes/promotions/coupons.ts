import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { currencyExponent } from '../../../region-config/money';
import { titleIn } from '../../../content/coupon-titles';
import type { Storefront } from '../../storefront';
import type { CouponRow, UserCouponRow } from '../../repositories/coupons';
import {
  couponClaimAnswer,
  couponListAnswer,
  couponProductsAnswer,
  couponClaimBody,
  couponClaimableQuery,
  couponProductsQuery,
} from '../../schemas/promotions';

/** A coupon as the storefront shows it (its title in the storefront's language: content/coupon-titles.ts). */
function couponView(c: CouponRow, storefront: Storefront) {
  return {
    coupon_id: c.id,
    code: c.code,
    kind: c.kind,
    title: titleIn(c.title, c.local, storefront.i18n),
    currency: c.currency,
    exponent: currencyExponent(c.currency),
    amount: c.amount,
    percent: c.percent,
    cap: c.cap,
    min_spend: c.min_spend,
    categories: c.categories,
    products: c.products,
    starts_at: new Date(c.starts_at).getTime(),
    ends_at: new Date(c.ends_at).getTime(),
    left: Math.max(0, c.total_stock - c.claimed),
    max_unit_price: c.max_unit_price,
    single_unit: c.single_unit,
  };
}

/** The coupon states of a held coupon: used, else expired after its window, else claimed. */
function heldView(c: UserCouponRow, storefront: Storefront) {
  // A first-order coupon after the holder's first order is as spent as an expired one.
  const state =
    c.state === 'used'
      ? ('used' as const)
      : c.phase === 'ended' || c.first_order_passed
        ? ('expired' as const)
        : ('claimed' as const);
  return { ...couponView(c, storefront), user_coupon_id: c.user_coupon_id, state, order_id: c.order_id };
}

/** How far ahead a page is told of a coupon it can count down to. */
const UPCOMING_COUPONS_MS = 24 * 3600_000;

const CLAIM_FAILURES = {
  unknown: [Errno.COUPON_UNKNOWN, 'coupon.error.unknown'],
  not_started: [Errno.COUPON_NOT_STARTED, 'campaign.error.couponNotStarted'],
  expired: [Errno.COUPON_EXPIRED, 'coupon.error.expired'],
  sold_out: [Errno.COUPON_SOLD_OUT, 'coupon.error.soldOut'],
  limit: [Errno.COUPON_LIMIT, 'coupon.error.limit'],
} as const;

/**
 * Coupons: what can be claimed, what the user holds by state, claiming by code or from a page, and what a coupon
 * applies to.
 */
export async function couponRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/coupon/claimable',
    {
      schema: {
        tags: ['coupon'],
        summary: 'Coupons of this country that can be claimed now (product and event pages, /user/coupon)',
        description:
          'upcoming=1 adds the coupons whose window opens within a day (state upcoming), so a page counts ' +
          'down to them on the server clock (X-Server-Time).',
        querystring: couponClaimableQuery,
        response: { 200: envelopeSchema(couponListAnswer) },
      },
    },
    async (request) => {
      const rows = await app.repos.coupons.claimable(
        request.storefront.local,
        request.user?.id ?? null,
        request.query.upcoming === '1' ? UPCOMING_COUPONS_MS : 0,
      );
      return ok({
        coupons: rows.map((c) => ({
          ...couponView(c, request.storefront),
          state: c.phase === 'upcoming' ? ('upcoming' as const) : ('available' as const),
        })),
      });
    },
  );

  app.get(
    '/coupon/mine',
    {
      schema: {
        tags: ['coupon'],
        summary: "The user's coupons in this country: claimed, used, expired",
        response: { 200: envelopeSchema(couponListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({
        coupons: (await app.repos.coupons.mine(user.id, request.storefront.local)).map((c) =>
          heldView(c, request.storefront),
        ),
      });
    },
  );

  app.post(
    '/coupon/claim',
    {
      schema: {
        tags: ['coupon'],
        summary:
          'Claim a coupon by its code or from a page (couponId); the stock and the per-user limit hold ' +
          'under any concurrency',
        body: couponClaimBody,
        response: { 200: envelopeSchema(couponClaimAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { code, couponId } = request.body;
      if (!code?.trim() && !couponId) {
        throw new ApiError(Errno.INVALID_PARAM, message(request.storefront, 'coupon.error.codeRequired'), 400, {
          fields: { code: 'required' },
        });
      }
      const result = await app.repos.coupons.claim(
        user.id,
        request.storefront.local,
        code?.trim() ? { code } : { couponId: couponId! },
      );
      if (!result.ok) {
        const [errno, key] = CLAIM_FAILURES[result.reason];
        throw new ApiError(errno, message(request.storefront, key));
      }
      return ok({ coupon: heldView(result.coupon, request.storefront) });
    },
  );

  app.get(
    '/coupon/products',
    {
      schema: {
        tags: ['coupon'],
        summary: 'The products on sale here that a coupon applies to (/use-now)',
        querystring: couponProductsQuery,
        response: { 200: envelopeSchema(couponProductsAnswer) },
      },
    },
    async (request) => {
      const { local } = request.storefront;
      const coupon = await app.repos.coupons.byId(local, request.query.couponId);
      if (!coupon) throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'coupon.error.unknown'), 404);
      const rows = await app.repos.catalogue.couponProducts(local, {
        categories: coupon.categories,
        products: coupon.products,
        kind: coupon.kind,
        maxUnitPrice:
          coupon.max_unit_price === null ? null : coupon.max_unit_price / 10 ** currencyExponent(coupon.currency),
      });
      return ok({ coupon: couponView(coupon, request.storefront), products: rows });
    },
  );
}
