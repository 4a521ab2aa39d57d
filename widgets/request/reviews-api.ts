import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  CommentEligibleAnswer,
  CommentLikeAnswer,
  CommentListAnswer,
  CommentMyreviewAnswer,
  CommentProductsAnswer,
  ReviewAnswer,
  ReviewPostBody,
  ReviewSummaryView,
  ReviewView,
  StaffReviewsAnswer,
} from '../../server/schemas/catalogue';

/**
 * Review calls (server/routes/catalogue/reviews.ts), camel-cased by the request layer; types from
 * server/schemas/catalogue.ts.
 */
export type { ReviewState } from '../../server/schemas/catalogue';
export type Review = Camelized<ReviewView>;
export type ReviewSummary = Camelized<ReviewSummaryView>;

/** The review rules, checked before sending (the server checks again). */
export const REVIEW_RULES = {
  maxText: 2000,
  maxPhotos: 5,
  maxBytes: 10 * 1024 * 1024 - 1,
  extensions: ['jpg', 'jpeg', 'png'],
} as const;

/** Why a chosen photo cannot be sent, or null: jpg or png only (a pdf proof of purchase is no review photo). */
export function photoProblem(file: Pick<File, 'name' | 'size'>): 'type' | 'size' | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(REVIEW_RULES.extensions as readonly string[]).includes(ext)) return 'type';
  if (file.size === 0 || file.size > REVIEW_RULES.maxBytes) return 'size';
  return null;
}

/** Five stars as text, the score's filled (the same as the static page's). */
export const starText = (score: number) =>
  '★★★★★'.slice(0, Math.round(score)) + '☆☆☆☆☆'.slice(0, 5 - Math.round(score));

const api = (path: string) => `${site.value.api}${path}`;

export const reviewsApi = {
  list: (productId: string, page = 1) =>
    request<Camelized<CommentListAnswer>>(api('/comment/list'), {
      params: { product_id: productId, page: String(page) },
    }),
  eligible: (productId: string) =>
    request<Camelized<CommentEligibleAnswer>>(api('/comment/eligible'), { params: { product_id: productId } }),
  products: () => request<Camelized<CommentProductsAnswer>>(api('/comment/products')),
  post: (body: ReviewPostBody) =>
    request<Camelized<ReviewAnswer>>(api('/comment/postreview'), { body, json: true }).then((r) => r.review),
  addition: (reviewId: string, text: string) =>
    request<Camelized<ReviewAnswer>>(api('/comment/postadditionreview'), { body: { reviewId, text }, json: true }).then(
      (r) => r.review,
    ),
  mine: () => request<Camelized<CommentMyreviewAnswer>>(api('/comment/myreview')).then((r) => r.reviews),
  detail: (id: string) =>
    request<Camelized<ReviewAnswer>>(api('/comment/detail'), { params: { id } }).then((r) => r.review),
  like: (reviewId: string) =>
    request<Camelized<CommentLikeAnswer>>(api('/comment/like'), { body: { reviewId }, json: true }),
  staffPending: () => request<Camelized<StaffReviewsAnswer>>(api('/staff/reviews')).then((r) => r.reviews),
  moderate: (id: string, part: 'review' | 'addition', decision: 'publish' | 'reject', note: string) =>
    request<object>(api('/staff/reviews/moderate'), { body: { id, part, decision, note }, json: true }),
};
