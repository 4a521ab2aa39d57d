import { describe, expect, it } from 'vitest';
import { getStorefront } from '../../region-config';
import { productJsonLd } from './seo';
import { LATEST_REVIEWS, productReviews, reviewsByProduct } from './product-reviews';
import { storefrontContext } from './storefront-context';
import type { ProductView } from '../../src/template-data';
import type { SeedReview } from '../../content/schemas/reviews.schema';

const id = getStorefront('id');
if (!id) throw new Error('id storefront missing');
const context = storefrontContext(id, 'id');
const product = {
  name: 'Xiaomi 15',
  tagline: 't',
  image: '/images/products/xiaomi-15.svg',
  category: 'phones',
  commodities: [
    {
      commodityId: '20001',
      goodsId: '1',
      firstSpecValue: '12GB+256GB',
      secondSpecValue: 'Black',
      salePrice: 12999000,
      marketPrice: 12999000,
      stock: 3,
    },
  ],
} as unknown as ProductView;
const seed = (n: number, score: number, local = 'id', productId = 'xiaomi-15'): SeedReview => ({
  id: `${local}-${productId}-${n}`,
  local,
  productId,
  score,
  text: `review ${n}`,
  author: 'Budi',
  anonymous: false,
  createdAt: `2025-07-${String(10 + n).padStart(2, '0')}T08:00:00.000Z`,
  likes: n,
});

describe('product reviews at build time', () => {
  it('counts and averages the reviews of one product in one country and lists the newest first', () => {
    const all = [
      seed(1, 5),
      seed(2, 4),
      seed(3, 4),
      seed(4, 2),
      seed(5, 5),
      seed(6, 3),
      seed(1, 1, 'de'),
      seed(7, 1, 'id', 'redmi-15'),
    ];
    const r = productReviews(all, 'id', 'xiaomi-15');
    expect(r.count).toBe(6);
    expect(r.average).toBe(3.8); // 23 / 6 = 3.83
    expect(r.latest).toHaveLength(LATEST_REVIEWS);
    expect(r.latest.map((x) => x.id)).toEqual([
      'id-xiaomi-15-6',
      'id-xiaomi-15-5',
      'id-xiaomi-15-4',
      'id-xiaomi-15-3',
      'id-xiaomi-15-2',
    ]);
    expect(productReviews(all, 'fr', 'xiaomi-15')).toEqual({ count: 0, average: 0, latest: [] });
  });

  it('grouped once per country, gives every product what filtering the snapshot for it gives', () => {
    const all = [
      seed(1, 5),
      seed(2, 4),
      seed(1, 1, 'de'),
      seed(7, 1, 'id', 'redmi-15'),
      seed(3, 2, 'de', 'redmi-15'),
      seed(4, 3),
    ];
    for (const local of ['id', 'de', 'fr']) {
      const reviewsOf = reviewsByProduct(all, local);
      for (const productId of ['xiaomi-15', 'redmi-15', 'poco-f7'])
        expect(reviewsOf(productId)).toEqual(productReviews(all, local, productId));
    }
    expect(reviewsByProduct(all, 'id')('xiaomi-15').count).toBe(3);
  });

  it('adds AggregateRating to the Product JSON-LD when the product has reviews, and none without', () => {
    const rating = productReviews([seed(1, 5), seed(2, 4), seed(3, 4)], 'id', 'xiaomi-15');
    const ld = productJsonLd(product, context, 'http://x/id/product/xiaomi-15/', rating) as Record<string, unknown>;
    expect(ld['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(
      productJsonLd(product, context, 'http://x/id/product/xiaomi-15/', { count: 0, average: 0 }),
    ).not.toHaveProperty('aggregateRating');
    expect(productJsonLd(product, context, 'http://x/id/product/xiaomi-15/')).not.toHaveProperty('aggregateRating');
  });
});
