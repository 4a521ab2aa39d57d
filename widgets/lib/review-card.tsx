import { t } from './strings';
import { when } from './when';
import { starText, type Review, type ReviewState } from '../request/reviews-api';
import { fixedImage } from '../../sites/image-renditions';

type Strings = Record<string, string> | undefined;

/** The state of a review (pending review → reviewed, or rejected) in the shopper's words. */
export const stateLabel = (s: Strings, state: ReviewState) => t(s, `review.state.${state}`);

/**
 * One review as the product page, /comment/detail, /comment/myreview and the staff pane show it: stars, the shown
 * name, date, text, photos, a published addition and the likes. All text goes through Preact, which escapes it.
 */
export function ReviewCard({
  review,
  strings: s,
  onLike,
  showState = false,
  children,
}: {
  review: Review;
  strings: Strings;
  onLike?: (r: Review) => void;
  showState?: boolean;
  children?: preact.ComponentChildren;
}) {
  return (
    <li class="review" data-review-id={review.id} data-state={review.state}>
      <p class="review__meta">
        <span class="review__stars" role="img" aria-label={t(s, 'review.stars', { score: review.score })}>
          {starText(review.score)}
        </span>{' '}
        <span class="review__author" data-testid="review-author" translate={false}>
          {review.author}
        </span>{' '}
        ·{' '}
        <time dateTime={new Date(review.publishedAt ?? review.createdAt).toISOString()}>
          {when(review.publishedAt ?? review.createdAt)}
        </time>
        {showState ? (
          <>
            {' '}
            · <strong data-testid="review-state">{stateLabel(s, review.state)}</strong>
          </>
        ) : null}
      </p>
      {review.text ? (
        <p class="review__text" data-testid="review-text" data-user-content="">
          {review.text}
        </p>
      ) : null}
      {review.photos.length > 0 ? (
        <p class="review__photos">
          {review.photos.map((p, i) => (
            <img
              key={p.url}
              {...fixedImage(p.url, 96)}
              alt={t(s, 'review.photoAlt', { n: i + 1, author: review.author })}
              width={96}
              height={96}
              loading="lazy"
            />
          ))}
        </p>
      ) : null}
      {review.addition ? (
        <div class="review__addition" data-testid="review-addition">
          <p>
            <strong>{t(s, 'review.addedLater')}</strong> · {when(review.addition.at)}
            {showState ? ` · ${stateLabel(s, review.addition.state)}` : ''}
          </p>
          <p class="review__text" data-user-content="">
            {review.addition.text}
          </p>
        </div>
      ) : null}
      {showState && review.stateNote ? <p class="review__note">{review.stateNote}</p> : null}
      {onLike && review.state === 'reviewed' ? (
        <p class="review__likes">
          <button
            type="button"
            class="button button--link"
            aria-pressed={review.liked}
            data-testid="review-like"
            onClick={() => onLike(review)}
          >
            {review.liked ? '♥' : '♡'} {t(s, 'review.like')} (<span data-testid="review-likes">{review.likes}</span>)
          </button>
        </p>
      ) : review.likes > 0 ? (
        <p class="review__likes">{t(s, 'review.likes', { count: review.likes })}</p>
      ) : null}
      {children}
    </li>
  );
}
