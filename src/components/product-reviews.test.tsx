import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { storefront } from '../testing/fixtures';
import { makeTranslate } from './translate';
import { ProductReviewsSection, starText } from './product-reviews';

const t = makeTranslate({
  'review.title': 'Reviews',
  'review.average': '{{average}} out of 5',
  'review.count': '{{count}} reviews',
  'review.countOne': '1 review',
  'review.none': 'No reviews yet.',
  'review.stars': '{{score}} out of 5 stars',
  'review.latest': 'Latest reviews',
  'review.likes': '{{count}} found this helpful',
  'review.photoAlt': 'Photo {{n}} of the review by {{author}}',
});

describe('ProductReviewsSection', () => {
  it('shows average, count and the latest reviews inside the reviews island, readable without JavaScript', () => {
    const html = renderToStaticMarkup(
      <ProductReviewsSection
        reviews={{
          count: 2,
          average: 4.5,
          latest: [
            {
              id: 'r1',
              score: 5,
              text: 'Great',
              author: 'B***i',
              createdAt: '2025-07-01T08:00:00.000Z',
              photos: ['/images/products/x.svg'],
              likes: 2,
            },
          ],
        }}
        productId="xiaomi-15"
        productName="Xiaomi 15"
        storefront={storefront()}
        t={t}
      />,
    );
    expect(html).toContain('<store-widget name="reviews" load="visible"');
    expect(html).toContain('4.5 out of 5');
    expect(html).toContain('2 reviews');
    expect(html).toContain('aria-label="5 out of 5 stars"');
    expect(html).toContain('alt="Photo 1 of the review by B***i"');
    expect(html).toContain('2 found this helpful');
  });

  it('escapes review text and names', () => {
    const html = renderToStaticMarkup(
      <ProductReviewsSection
        reviews={{
          count: 1,
          average: 1,
          latest: [
            {
              id: 'r1',
              score: 1,
              text: '<script>alert(1)</script>',
              author: '<b>x</b>',
              createdAt: '2025-07-01T08:00:00.000Z',
              photos: [],
              likes: 0,
            },
          ],
        }}
        productId="xiaomi-15"
        productName="Xiaomi 15"
        storefront={storefront()}
        t={t}
      />,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('says so when there are no reviews, and draws stars as text', () => {
    expect(
      renderToStaticMarkup(
        <ProductReviewsSection
          reviews={{ count: 0, average: 0, latest: [] }}
          productId="p"
          productName="P"
          storefront={storefront()}
          t={t}
        />,
      ),
    ).toContain('No reviews yet.');
    expect(starText(4.3)).toBe('★★★★☆');
    expect(starText(0)).toBe('☆☆☆☆☆');
  });
});
