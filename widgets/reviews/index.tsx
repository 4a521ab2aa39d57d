import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import { signInUrl } from '../request';
import { failureMessage } from '../lib/failure';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { isLoggedIn } from '../state/user';
import { reviewsApi, starText, type Review, type ReviewSummary } from '../request/reviews-api';
import { ReviewCard } from '../lib/review-card';

type Props = HostProps<'reviews'>;

/**
 * The product page's reviews, live: the count and average and the latest published reviews as the
 * API has them now (the static list is the build's snapshot), more pages, the like toggle, and for a buyer who has
 * not reviewed the product yet a link to write one.
 */
function Reviews({ props, first }: { props: Props; first: ListPage }) {
  const s = props.strings;
  const summary = useSignal<ReviewSummary | null>(first.summary);
  const reviews = useSignal<Review[]>(first.reviews);
  const page = useSignal(1);
  const hasMore = useSignal(first.hasMore);
  const eligible = useSignal<{ canReview: boolean; reviewed: boolean } | null>(null);
  const message = useSignal('');

  const paging = useSubmit((next: number) => reviewsApi.list(props.productId, next).then((r) => ({ r, next })), {
    strings: s,
    error: message,
    onSuccess: ({ r, next }) => {
      summary.value = r.summary;
      reviews.value =
        next === 1
          ? r.reviews
          : [...reviews.value, ...r.reviews.filter((x) => !reviews.value.some((y) => y.id === x.id))];
      page.value = next;
      hasMore.value = r.hasMore;
    },
  });
  const load = paging.run;
  useEffect(() => {
    if (isLoggedIn.value)
      reviewsApi.eligible(props.productId).then(
        (e) => (eligible.value = { canReview: e.canReview, reviewed: !!e.review }),
        () => undefined,
      );
  }, []);

  const like = async (review: Review) => {
    if (!isLoggedIn.value) {
      message.value = t(s, 'review.signInToLike');
      return;
    }
    try {
      const r = await reviewsApi.like(review.id);
      reviews.value = reviews.value.map((x) => (x.id === review.id ? { ...x, liked: r.liked, likes: r.likes } : x));
    } catch (e) {
      message.value = failureMessage(e, s);
    }
  };

  const sum = summary.value;
  return (
    <div class="reviews" data-testid="reviews-live" data-count={sum?.count ?? ''}>
      {sum === null ? (
        <p>{message.value || t(s, 'common.loading')}</p>
      ) : sum.count === 0 ? (
        <p class="reviews__none">{t(s, 'review.none')}</p>
      ) : (
        <p class="reviews__summary">
          <span class="review__stars" aria-hidden="true">
            {starText(sum.average)}
          </span>{' '}
          <strong data-testid="reviews-average">{t(s, 'review.average', { average: sum.average })}</strong> ·{' '}
          <span data-testid="reviews-count">{t(s, 'review.count', { count: sum.count })}</span>
        </p>
      )}
      {eligible.value?.canReview ? (
        <p>
          <a
            class="button"
            data-testid="review-write"
            href={storePath(`comment/postreview/?product_id=${encodeURIComponent(props.productId)}`)}
          >
            {t(s, 'review.write')}
          </a>
        </p>
      ) : eligible.value?.reviewed ? (
        <p>
          <a href={storePath('comment/myreview/')}>{t(s, 'review.form.already')}</a>
        </p>
      ) : null}
      {message.value && sum !== null ? (
        <p role="status">
          {message.value}
          {!isLoggedIn.value ? (
            <>
              {' '}
              <a href={signInUrl()}>→</a>
            </>
          ) : null}
        </p>
      ) : null}
      {reviews.value.length > 0 ? (
        <>
          <h3 class="reviews__heading">{t(s, 'review.latest')}</h3>
          <ol class="reviews__list">
            {reviews.value.map((r) => (
              <ReviewCard key={r.id} review={r} strings={s} onLike={(x) => void like(x)} />
            ))}
          </ol>
        </>
      ) : null}
      {hasMore.value ? (
        <button type="button" class="button button--secondary" onClick={() => void load(page.value + 1)}>
          {t(s, 'review.more')}
        </button>
      ) : null}
    </div>
  );
}

type ListPage = Awaited<ReturnType<typeof reviewsApi.list>>;

/** The static list stays until the live one has arrived, so a slow or failed call never blanks the reviews. */
export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'reviews'>(base);
  let unmount: (() => void) | null = null;
  let gone = false;
  reviewsApi.list(props.productId, 1).then(
    (first) => {
      if (!gone) unmount = mountPreact(host, <Reviews props={props} first={first} />);
    },
    () => undefined,
  );
  return () => {
    gone = true;
    unmount?.();
  };
}
