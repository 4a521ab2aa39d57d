import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { COOKIE, setCartCookie } from '../../auth/cookies';
import { cartBody, cartData, type CartBody, type cartActions } from '../../schemas/cart';
import { cartView } from '../../views/cart-view';
import { message } from '../../i18n';
import { BUSINESS_PURCHASE_LIMIT } from '../../../sites/business-pricing';
import type { CartContents, CartOwner } from '../../repositories/cart';
import { COMPANY_STATUS, companyAccountOf } from '../../repositories/company-status';

type CartAction = (typeof cartActions)[number];

const response = { 200: envelopeSchema(cartData) };

/** POST /cart (cartV=20000) and /cart/{add,update,remove,check}: every call answers with unifiedCartData. */
export async function cartRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/cart',
    {
      config: { idempotent: true },
      schema: {
        tags: ['cart'],
        summary: 'Read or change the cart (action field); returns unifiedCartData',
        description: 'An Idempotency-Key header makes a retry return the first answer instead of adding again.',
        body: cartBody,
        response,
      },
    },
    async (request, reply) => runCart(app, request, reply, request.body?.action ?? 'get', request.body ?? {}),
  );

  for (const action of ['add', 'update', 'remove', 'check', 'dismiss'] as const) {
    app.post(
      `/cart/${action}`,
      {
        config: { idempotent: true },
        schema: { tags: ['cart'], summary: `Cart ${action} (same body as POST /cart)`, body: cartBody, response },
      },
      async (request, reply) => runCart(app, request, reply, action, request.body ?? {}),
    );
  }
}

/**
 * The business cart (flow=company) gives business quantities and tier prices only to a signed-in user whose
 * company account is GOOD here; anyone else gets the consumer cart (the page words why from the app state).
 */
async function businessLimit(app: FastifyInstance, request: FastifyRequest): Promise<number> {
  if (!request.user || (request.query as { flow?: string } | undefined)?.flow !== 'company') return 0;
  const account = await companyAccountOf(app.db, request.user.id, request.storefront.local);
  return account?.status === COMPANY_STATUS.GOOD ? BUSINESS_PURCHASE_LIMIT : 0;
}

function ownerOf(request: FastifyRequest): CartOwner {
  return request.user ? { userId: request.user.id } : { cartId: request.cookies[COOKIE.cart] };
}

function missing(field: string, action: string): never {
  throw new ApiError(Errno.INVALID_PARAM, `invalid parameter: body.${field} is required for ${action}`, 400);
}

async function runCart(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  action: CartAction,
  body: CartBody,
) {
  const repo = app.repos.cart;
  const owner = ownerOf(request);
  const { local } = request.storefront;
  const businessQuantity = await businessLimit(app, request);
  const answer = (contents: CartContents) =>
    ok({ unified_cart_data: cartView(contents.lines, request.storefront, contents.notices, businessQuantity > 0) });
  // The hot path: the add, its checks and the cart it answers with are one call to the database.
  if (action === 'add') return answer(await add(app, request, reply, owner, body, businessQuantity));

  const cartId = await repo.find(owner);
  switch (action) {
    case 'get':
      break;
    case 'update': {
      if (!body.commodityId) missing('commodityId', action);
      if (body.quantity === undefined) missing('quantity', action);
      if (cartId)
        await assertFcode(app, request, body.commodityId, cartId, (current, line) => current - line + body.quantity!);
      const result = cartId
        ? await repo.setQuantity(cartId, body.commodityId, body.quantity, businessQuantity)
        : ({ ok: false, reason: 'not_in_cart' } as const);
      if (!result.ok) {
        if (result.reason === 'limit')
          throw new ApiError(Errno.PURCHASE_LIMIT, `you can buy at most ${result.limit} of this product`);
        throw new ApiError(Errno.NOT_IN_CART, `commodity ${body.commodityId} is not in the cart`);
      }
      break;
    }
    case 'remove': {
      const ids = body.commodityIds ?? (body.commodityId ? [body.commodityId] : missing('commodityIds', action));
      if (ids.length === 0) missing('commodityIds', action);
      if (cartId) await repo.remove(cartId, ids);
      break;
    }
    case 'check': {
      const ids = body.commodityIds ?? (body.commodityId ? [body.commodityId] : null);
      if (cartId) await repo.setChecked(cartId, ids, body.checked ?? true);
      break;
    }
    case 'dismiss':
      if (cartId) await repo.dismissNotices(cartId);
      break;
  }
  return answer(cartId ? await repo.contents(cartId, local) : { lines: [], notices: [] });
}

/** Adds to the owner's cart (a visitor's first add creates it and sets its cookie, even when the add is refused). */
async function add(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: CartOwner,
  body: CartBody,
  businessQuantity: number,
): Promise<CartContents> {
  if (!body.commodityId) missing('commodityId', 'add');
  const result = await app.repos.cart.add(
    owner,
    body.commodityId,
    body.quantity ?? 1,
    request.storefront.local,
    businessQuantity,
  );
  if (result.created && !request.user) setCartCookie(request, reply, result.cartId);
  if (result.ok) return result;
  switch (result.reason) {
    case 'unknown':
      throw new ApiError(Errno.UNKNOWN_COMMODITY, `commodity ${body.commodityId} does not exist`);
    case 'fcode':
      throw new ApiError(Errno.FCODE_REQUIRED, fcodeNeeded(request));
    case 'not_on_sale':
      throw new ApiError(Errno.NOT_ON_SALE, 'this product is not on sale in this country');
    case 'out_of_stock':
      throw new ApiError(Errno.OUT_OF_STOCK, 'this product is out of stock');
    case 'limit':
      throw new ApiError(Errno.PURCHASE_LIMIT, `you can buy at most ${result.limit} of this product`);
    case 'full':
      throw new ApiError(Errno.CART_FULL, 'your cart is full; remove a product first');
  }
}

const fcodeNeeded = (request: FastifyRequest) => message(request.storefront, 'fcode.error.required');

/**
 * F-codes: while a product's campaign is open here, each unit in a cart needs one of the shopper's redeemed codes.
 * A quantity change checks here (an add checks in its one database call, cart_add). `after(current, line)` is the
 * product's quantity after the change (current: all its variants; line: this one).
 */
async function assertFcode(
  app: FastifyInstance,
  request: FastifyRequest,
  commodityId: string,
  cartId: string,
  after: (current: number, line: number) => number,
): Promise<void> {
  const { local } = request.storefront;
  const product = await app.repos.fcodes.requiredForCommodity(app.db, local, commodityId);
  if (!product) return;
  const needed = fcodeNeeded(request);
  if (!request.user) throw new ApiError(Errno.FCODE_REQUIRED, needed);
  const held = (await app.repos.fcodes.held(app.db, request.user.id, local)).get(product) ?? 0;
  const lines = await app.repos.cart.lines(cartId, local);
  const current = lines.filter((l) => l.product_id === product).reduce((n, l) => n + l.quantity, 0);
  const line = lines.find((l) => l.commodity_id === commodityId)?.quantity ?? 0;
  if (after(current, line) > held) throw new ApiError(Errno.FCODE_REQUIRED, needed);
}
