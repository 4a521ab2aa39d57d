import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { getSiteConfig } from '../../../sites/site-config';
import { COMPARE_MAX } from '../../../sites/compare';
import { localize } from '../../../content/localize';
import { storeMapUrl, storePath } from '../../../content/store-links';
import { productPath } from '../../../sites/product-card';
import { searchCatalog, type Payload, type ProductPayload } from '../../search/catalog';
import { soldToBusiness, tiersOf, tierUnitPrice } from '../../../sites/business-pricing';
import { toMajor, toMinor } from '../../../region-config/money';
import type { Hit, Marked, SearchType } from '../../search/engine';
import type { Storefront } from '../../storefront';
import { compareAnswer, searchData, compareQuery, searchQuery } from '../../schemas/catalogue';

/** Business search: a product's quantity tiers with their unit prices (major units, as `price`). */
function businessTiers(p: ProductPayload) {
  const minor = toMinor(p.price, p.currency);
  return tiersOf(p.category).map((tier) => ({
    min_quantity: tier.minQuantity,
    discount_bp: tier.discountBp,
    price: toMajor(tierUnitPrice(minor, tier.discountBp), p.currency),
  }));
}

function hitView(hit: Hit<Payload>, storefront: Storefront, business = false) {
  const home = `/${storefront.urlLocal}/`;
  const common = { id: hit.payload.id, title: hit.title, snippet: hit.snippet, score: hit.score };
  const p = hit.payload;
  switch (p.type) {
    case 'product':
      return {
        ...common,
        type: 'product' as const,
        link: productPath(storefront.urlLocal, p.id),
        image: p.image,
        item_id: p.commodityId,
        category: p.category,
        price: p.price,
        market_price: p.marketPrice,
        currency: p.currency,
        in_stock: p.inStock,
        ...(business ? { business_tiers: businessTiers(p) } : {}),
      };
    case 'store':
      return {
        ...common,
        type: 'store' as const,
        link: storePath(home, p.id),
        store_kind: p.kind,
        city: p.city,
        map_url: storeMapUrl(p.latitude, p.longitude),
      };
    case 'support':
      return {
        ...common,
        type: 'support' as const,
        support_kind: p.kind,
        link: p.kind === 'article' ? `${home}support/article/${p.id}/` : `${home}support/faq/details/${p.id}/`,
      };
  }
}

/** Run-time search: products, stores and support content of the storefront, typo tolerant, highlighted. */
export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const catalog = () => searchCatalog(app.db);
  // In the background: a failure here only means the first query loads the corpus itself.
  app.addHook(
    'onReady',
    async () =>
      void catalog()
        .warm()
        .catch((err: unknown) => app.log.warn({ err }, 'search corpus not loaded at start')),
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Search the storefront's products, stores and support articles (its search types), tolerant of typos",
        description:
          'Every word of the keyword must match a word of the result exactly, as its beginning, or within one ' +
          'typo (two for words of 8 letters or more); from three words on, one in three may miss. Titles and ' +
          'snippets come as text with the matched ranges and as escaped HTML with <mark>.',
        querystring: searchQuery,
        response: { 200: envelopeSchema(searchData) },
      },
    },
    async (request) => {
      const { storefront } = request;
      const keyword = request.query.keyword.trim();
      if (!keyword || !/[\p{L}\p{N}]/u.test(keyword))
        throw new ApiError(Errno.INVALID_PARAM, 'keyword must contain a letter or a digit', 400);
      const business = request.query.flow === 'company';
      // The business catalogue is products only, whatever the storefront's search types.
      const types = business
        ? (['product'] as SearchType[])
        : (getSiteConfig(storefront.local).searchTypes as SearchType[]);
      const wanted = request.query.type;
      // The help centre (/support/search) searches its articles in every country; other types follow the search types
      // per country.
      if (wanted && wanted !== 'support' && !types.includes(wanted))
        throw new ApiError(
          Errno.INVALID_PARAM,
          `this storefront does not search ${wanted}s (it searches ${types.join(', ')})`,
          400,
        );
      const index = await catalog().forStorefront(storefront.local, storefront.i18n);
      const limit = request.query.limit ?? 20;
      const offset = request.query.offset ?? 0;
      const results = (wanted ? [wanted] : types).map((type) => {
        const found = business
          ? index.product.search(keyword, limit, offset, (p) => soldToBusiness(p.category))
          : (
              index[type] as { search(q: string, l: number, o: number): { total: number; hits: Hit<Payload>[] } }
            ).search(keyword, limit, offset);
        return { type, total: found.total, items: found.hits.map((hit) => hitView(hit, storefront, business)) };
      });
      // The index keeps the stock of when it was built; whether a found product is in stock is read live.
      const products = results.flatMap((r) => r.items).filter((i) => i.type === 'product');
      if (products.length > 0) {
        const inStock = await app.repos.catalogue.inStockProducts(
          storefront.local,
          products.map((p) => p.id),
        );
        for (const p of products) p.in_stock = inStock.has(p.id);
      }
      return ok({ keyword, types, results });
    },
  );

  app.get(
    '/compare',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Products side by side: price here and specifications in the storefront language; one category at a time',
        querystring: compareQuery,
        response: { 200: envelopeSchema(compareAnswer) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(','))];
      if (ids.length > COMPARE_MAX)
        throw new ApiError(Errno.INVALID_PARAM, `compare at most ${COMPARE_MAX} products`, 400);
      const { storefront } = request;
      const rows = await app.repos.catalogue.compareCards(storefront.local, ids);
      const byId = new Map(rows.map((r) => [r.product_id, r]));
      const found = ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => r !== undefined);
      const categories = new Set(found.map((r) => r.category));
      if (categories.size > 1)
        throw new ApiError(
          Errno.INVALID_PARAM,
          `compare products of one category (got ${[...categories].join(', ')})`,
          400,
          { categories: [...categories] },
        );
      return ok({
        products: found.map((r) => ({
          id: r.product_id,
          name: r.name,
          image: r.image,
          link: productPath(storefront.urlLocal, r.product_id),
          category: r.category,
          price: Number(r.sale_price),
          market_price: Number(r.market_price),
          currency: r.currency,
          in_stock: r.stock > 0,
          specs: (r.specs ?? []).map((s) => ({ label: localize(s.label, storefront.i18n), value: s.value })),
        })),
        missing: ids.filter((id) => !byId.has(id)),
        max: COMPARE_MAX,
      });
    },
  );
}

export type { Marked };
