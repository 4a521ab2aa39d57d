import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { COOKIE } from '../../auth/cookies';
import { navigationProduct, productLink } from '../../views/product-card';
import { searchCatalog } from '../../search/catalog';
import {
  recommendData,
  suggestData,
  v2CmsCategoryNavigationProductsAnswer,
  navigationProductsQuery,
  recommendQuery,
  suggestListQuery,
} from '../../schemas/catalogue';

const SUGGEST_EXP = 'suggest-keyword-v1';
const RECOMMEND_EXP = 'recommend-cart-affinity-v1';

/** Navigation products, recommendations and search suggestions: products on sale in the storefront's country. */
export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/v2/cms/category/navigation/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product cards of the navigation (mega-menu), optionally of one category',
        querystring: navigationProductsQuery,
        response: { 200: envelopeSchema(v2CmsCategoryNavigationProductsAnswer) },
      },
    },
    async (request) => {
      const { category, sub_category: subCategory, limit } = request.query;
      const cards = await app.repos.catalogue.navigationProducts(request.storefront.local, {
        category,
        subCategory,
        limit: limit ?? 24,
      });
      return ok({ products: cards.map((c) => navigationProduct(c, request.storefront)) });
    },
  );

  app.get(
    '/recommend',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Recommended products (categories of the cart first, then hot and new products)',
        querystring: recommendQuery,
        response: { 200: envelopeSchema(recommendData) },
      },
    },
    async (request) => {
      const owner = request.user ? { userId: request.user.id } : { cartId: request.cookies[COOKIE.cart] };
      const cartId = await app.repos.cart.find(owner);
      // A phone screen shows one row of cards, a desktop two.
      const limit = request.query.from === 'mobile' ? 6 : 12;
      const cards = await app.repos.catalogue.recommend(request.storefront.local, cartId, limit);
      const group = cartId ? 'cart-affinity' : 'popular';
      return ok({
        recommend: cards.map((c) => ({
          name: c.name,
          type: 'product' as const,
          link: productLink(request.storefront, c.product_id),
          image: c.image,
          price: c.sale_price,
          currency: c.currency,
          item_id: c.commodity_id,
          frm_track: { alg: 'rule-based', alg_group: group, alg_ver: '1' },
        })),
        exp_id: RECOMMEND_EXP,
        sharding: request.user ? request.user.id % 100 : 0,
      });
    },
  );

  app.get(
    '/v2/search/suggestList',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Ranked search suggestions for a keyword',
        querystring: suggestListQuery,
        response: { 200: envelopeSchema(suggestData) },
      },
    },
    async (request) => {
      const keyword = request.query.keyword.trim();
      // Precomputed per storefront in memory (server/search): no database round trip per keystroke.
      const index = await searchCatalog(app.db).forStorefront(request.storefront.local, request.storefront.i18n);
      const hits = keyword ? index.suggest.search(keyword, request.query.limit ?? 8).hits : [];
      return ok({
        list: hits.map(({ payload: c, title, score }) => ({
          name: title.text,
          name_html: title.html,
          image: c.image,
          price: c.price,
          currency: c.currency,
          in_act: c.price < c.marketPrice,
          link: productLink(request.storefront, c.id),
          item_type: 'commodity' as const,
          item_id: c.commodityId,
          frm_track: { alg: 'keyword-match', alg_group: String(score), alg_ver: '2' },
        })),
        keyword,
        exp_id: SUGGEST_EXP,
      });
    },
  );
}
