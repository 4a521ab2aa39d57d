/** The reviews a product page shows at build time, from the review snapshot. */
import type { SeedReview } from '../../content/schemas/reviews.schema';
import type { ProductReviews } from '../../src/template-data';
import { groupBy } from './group-by';

/** How many reviews the static product page lists; the island pages through the rest. */
export const LATEST_REVIEWS = 5;

/**
 * Count, average (one decimal, as the API rounds it) and the latest reviews of a product in a country, newest first.
 * @example productReviews(content.reviews, 'id', 'xiaomi-15') // { count: 3, average: 4.3, latest: [...] }
 */
export function productReviews(reviews: readonly SeedReview[], local: string, productId: string): ProductReviews {
  return summarise(reviews.filter((r) => r.local === local && r.productId === productId));
}

/**
 * productReviews for every product of one country, grouping the snapshot once: filtering it for each product
 * costs products × reviews per storefront (at 2,000 products, 1.5 s of the page builders of six storefronts).
 */
export function reviewsByProduct(reviews: readonly SeedReview[], local: string): (productId: string) => ProductReviews {
  const groups = groupBy(
    reviews.filter((r) => r.local === local),
    (r) => r.productId,
  );
  return (productId) => summarise(groups.get(productId) ?? []);
}

function summarise(mine: readonly SeedReview[]): ProductReviews {
  const total = mine.reduce((sum, r) => sum + r.score, 0);
  const latest = [...mine]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, LATEST_REVIEWS)
    .map((r) => ({
      id: r.id,
      score: r.score,
      text: r.text,
      author: r.author,
      createdAt: r.createdAt,
      photos: r.photos ?? [],
      likes: r.likes,
    }));
  return { count: mine.length, average: mine.length ? Math.round((total / mine.length) * 10) / 10 : 0, latest };
}
