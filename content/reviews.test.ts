import { describe, expect, it } from 'vitest';
import { loadContent } from './load';
import { reviewsHold } from './reviews-rules';
import { schemaIssues } from './validate';
import type { Product } from './schemas/products.schema';
import type { ReviewsSnapshot, SeedReview } from './schemas/reviews.schema';

const FILE = 'content/snapshots/reviews/reviews.json';
const product = {
  id: 'xiaomi-15',
  image: '/images/products/xiaomi-15.svg',
  commodities: [{ offers: { id: {} } }],
} as unknown as Product;
const review = (over: Partial<SeedReview> = {}): SeedReview => ({
  id: 'id-xiaomi-15-1',
  local: 'id',
  productId: 'xiaomi-15',
  score: 5,
  text: 'Mantap',
  author: 'Budi Santoso',
  anonymous: false,
  createdAt: '2025-07-01T08:00:00.000Z',
  likes: 3,
  ...over,
});
const issues = (reviews: SeedReview[], exists = (p: string) => p === product.image) =>
  reviewsHold({ file: FILE, data: { reviews } }, [product], exists);

describe('review snapshot', () => {
  it('is valid as generated: schema and cross-file rules hold, anonymous names are masked', () => {
    const content = loadContent();
    expect(content.reviews.length).toBeGreaterThan(100);
    expect(new Set(content.reviews.map((r) => r.local))).toEqual(new Set(['id', 'de', 'fr', 'es', 'in', 'ae']));
    expect(content.reviews.filter((r) => r.anonymous).every((r) => /\*\*\*/.test(r.author))).toBe(true);
  });

  it('checks each review against the schema: score 1–5, text up to 2000 characters, up to 5 photos', () => {
    const at = (data: unknown) => schemaIssues('reviews', FILE, data).map((i) => `${i.pointer}: ${i.message}`);
    expect(at({ reviews: [review()] })).toEqual([]);
    expect(at({ reviews: [review({ score: 6 })] })[0]).toMatch(/^\/reviews\/0\/score: /);
    expect(at({ reviews: [review({ score: 0 })] })[0]).toMatch(/^\/reviews\/0\/score: /);
    expect(at({ reviews: [review({ text: 'x'.repeat(2001) })] })[0]).toMatch(/^\/reviews\/0\/text: /);
    expect(at({ reviews: [review({ photos: Array(6).fill(product.image) })] })[0]).toMatch(/^\/reviews\/0\/photos: /);
    const { score: _score, ...noScore } = review();
    expect(at({ reviews: [noScore] })).toContain('/reviews/0/score: required property is missing');
    expect(at({ reviews: [{ ...review(), extra: 1 }] as unknown as ReviewsSnapshot['reviews'] })).toContain(
      '/reviews/0/extra: unknown property (not allowed by the schema)',
    );
  });

  it('names the product, the country, the duplicate id, the unmasked anonymous name and the missing photo', () => {
    expect(issues([review()])).toEqual([]);
    expect(issues([review({ productId: 'no-such-phone' })])).toEqual([
      { file: FILE, pointer: '/reviews/0/productId', message: 'product "no-such-phone" is not in the catalogue' },
    ]);
    expect(issues([review({ local: 'de' })])[0]).toMatchObject({
      pointer: '/reviews/0/local',
      message: 'product "xiaomi-15" is not sold in "de"',
    });
    expect(issues([review(), review()])[0]).toMatchObject({ pointer: '/reviews/1/id' });
    expect(issues([review({ anonymous: true })])[0]).toMatchObject({ pointer: '/reviews/0/author' });
    expect(issues([review({ anonymous: true, author: 'B***i' })])).toEqual([]);
    expect(issues([review({ photos: ['/images/products/missing.svg'] })])[0]).toMatchObject({
      pointer: '/reviews/0/photos/0',
    });
  });
});
