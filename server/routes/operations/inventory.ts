import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { message, translate } from '../../i18n';
import {
  inventoryAdjustBody,
  inventoryChangeSchema,
  inventoryListQuery,
  inventoryListSchema,
  inventorySetBody,
  liveStockQuery,
  liveStockSchema,
} from '../../schemas/inventory';
import { inventoryRepository, type StockChange, type StockChangeResult } from '../../stock/inventory';
import { STAFF_TAG } from '../gates/staff-gate';

const changeAnswer = { 200: envelopeSchema(inventoryChangeSchema) } as const;

/**
 * Live stock. Operators (staff only, behind the staff gate) list offers with their latest ledger rows and set or
 * adjust stock from the value they saw; the product page reads a product's live stock, because its HTML is built
 * from a snapshot and would otherwise show the stock of build time.
 */
export async function inventoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const inventory = inventoryRepository(app.db);

  /** The envelope answer of a change: the offer as it is now, or why nothing moved (with the stock now). */
  function answer(request: FastifyRequest, result: StockChangeResult) {
    const { storefront } = request;
    if (result.ok) return ok({ offer: result.offer });
    switch (result.reason) {
      case 'not_found':
        throw new ApiError(Errno.NOT_FOUND, message(storefront, 'console.inventory.error.notFound'), 404);
      case 'changed':
        throw new ApiError(
          Errno.STOCK_CHANGED,
          translate(storefront, 'console.inventory.error.changed', { stock: result.offer.stock }),
          200,
          { offer: result.offer, stock: result.offer.stock },
        );
      case 'negative':
        throw new ApiError(
          Errno.STOCK_NEGATIVE,
          translate(storefront, 'console.inventory.error.negative', { stock: result.offer.stock }),
          200,
          { offer: result.offer, stock: result.offer.stock },
        );
    }
  }

  /** The note without surrounding blanks; blank alone is no reason. */
  function noteOf(request: FastifyRequest, note: string): string {
    const trimmed = note.trim();
    if (!trimmed)
      throw new ApiError(Errno.INVALID_PARAM, message(request.storefront, 'console.inventory.error.note'), 400, {
        fields: { note: 'required' },
      });
    return trimmed;
  }

  async function change(request: FastifyRequest, ask: StockChange) {
    const result = await inventory.change(ask);
    request.log.info(
      {
        staffUserId: ask.actorId,
        local: ask.local,
        commodityId: ask.commodityId,
        kind: ask.kind,
        ok: result.ok,
        reason: result.ok ? null : result.reason,
      },
      'inventory change',
    );
    return answer(request, result);
  }

  app.get(
    '/staff/inventory',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Offers of a country with their live stock, whether they are on sale, and their latest stock ' +
          "movements (the storefront's country unless `local` names another)",
        querystring: inventoryListQuery,
        response: { 200: envelopeSchema(inventoryListSchema) },
      },
    },
    async (request) => {
      requireStaff(request);
      const { query } = request;
      return ok({
        offers: await inventory.list({
          local: query.local ?? request.storefront.local,
          productId: query.productId,
          q: query.q,
          limit: query.limit ?? 40,
        }),
      });
    },
  );

  app.post(
    '/staff/inventory/set',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Set the stock of an offer to a counted value, if it is still `expected_stock` (else errno 30101 ' +
          'with the stock now); a ledger row with the note',
        body: inventorySetBody,
        response: changeAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const b = request.body;
      return change(request, {
        kind: 'set',
        local: b.local,
        commodityId: b.commodity_id,
        expected: b.expected_stock,
        stock: b.stock,
        note: noteOf(request, b.note),
        actorId: staff.id,
      });
    },
  );

  app.post(
    '/staff/inventory/adjust',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Move the stock of an offer by `delta`, if it is still `expected_stock` (else errno 30101 with ' +
          'the stock now); never below zero (errno 30102); a ledger row with the note',
        body: inventoryAdjustBody,
        response: changeAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const b = request.body;
      return change(request, {
        kind: 'adjust',
        local: b.local,
        commodityId: b.commodity_id,
        expected: b.expected_stock,
        delta: b.delta,
        note: noteOf(request, b.note),
        actorId: staff.id,
      });
    },
  );

  app.get(
    '/stock',
    {
      schema: {
        summary:
          "Live stock of a product's versions in this storefront's country (the built product page shows " +
          'the stock of its build; its island asks here)',
        querystring: liveStockQuery,
        response: { 200: envelopeSchema(liveStockSchema) },
      },
    },
    async (request) =>
      ok({ commodities: await inventory.liveStock(request.storefront.local, request.query.productId) }),
  );
}
