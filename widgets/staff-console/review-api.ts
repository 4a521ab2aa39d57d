import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  ReviewDecision,
  ReviewDecisionAnswer,
  ReviewListAnswer,
  ReviewOrderView,
  ReviewReason,
} from '../../server/schemas/review';

export type { ReviewDecision, ReviewReason };
export type ReviewOrder = Camelized<ReviewOrderView>;

/** The staff calls of server/routes/review/review.ts (each refuses non-staff: 40302, or 20001 signed out). */
export function reviewApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  return {
    list: () => request<Camelized<ReviewListAnswer>>(url('/staff/review')).then((r) => r.orders),
    decide: (orderId: string, decision: ReviewDecision) =>
      request<Camelized<ReviewDecisionAnswer>>(url(`/staff/review/${decision}`), { body: { orderId }, json: true }),
  };
}
