/**
 * Cross-file rules of the review snapshot (content/snapshots/reviews/reviews.json): ids unique, the product exists and
 * is sold in the review's country, photos exist, and an anonymous review shows a masked name, never a full one.
 */
import type { Located } from './cross-file-rules';
import type { Product } from './schemas/products.schema';
import type { ReviewsSnapshot } from './schemas/reviews.schema';
import type { SnapshotIssue } from './snapshot-error';

/** A masked name: one character, three stars, at most one more character ("B***i"). */
export const MASKED_NAME = /^\S\*\*\*\S?$/u;

export function reviewsHold(
  reviews: Located<ReviewsSnapshot>,
  products: readonly Product[],
  imageExists: (publicPath: string) => boolean,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const ids = new Set<string>();
  reviews.data.reviews.forEach((review, i) => {
    const at = (pointer: string, message: string) =>
      issues.push({ file: reviews.file, pointer: `/reviews/${i}${pointer}`, message });
    if (ids.has(review.id)) at('/id', `review id "${review.id}" is used twice`);
    ids.add(review.id);
    const product = byId.get(review.productId);
    if (!product) at('/productId', `product "${review.productId}" is not in the catalogue`);
    else if (!product.commodities.some((c) => c.offers?.[review.local] !== undefined))
      at('/local', `product "${review.productId}" is not sold in "${review.local}"`);
    if (review.anonymous && !MASKED_NAME.test(review.author))
      at('/author', `anonymous review shows "${review.author}": the name must be masked like "B***i"`);
    (review.photos ?? []).forEach((photo, p) => {
      if (!imageExists(photo)) at(`/photos/${p}`, `image ${photo} does not exist in content/images`);
    });
  });
  return issues;
}
