import { fixedImage } from '../../sites/image-renditions';
import type { StorefrontContext } from '../page-context';
import type { ProductReviews, ReviewView } from '../template-data';
import { FormattedDate } from './formatted-date';
import type { Translate } from './translate';
import { WidgetHost } from './widget-host';

/** Five stars as text, the score's filled: readable without images or fonts. */
export const starText = (score: number) =>
  '★★★★★'.slice(0, Math.round(score)) + '☆☆☆☆☆'.slice(0, 5 - Math.round(score));

function ReviewItem({ review, storefront, t }: { review: ReviewView; storefront: StorefrontContext; t: Translate }) {
  return (
    <li className="review" data-review-id={review.id}>
      <p className="review__meta">
        <span className="review__stars" role="img" aria-label={t('review.stars', { score: review.score })}>
          {starText(review.score)}
        </span>{' '}
        <span className="review__author" translate="no">
          {review.author}
        </span>{' '}
        · <FormattedDate value={review.createdAt} storefront={storefront} format="dateFormatOnlyDate" />
      </p>
      {review.text && (
        <p className="review__text" data-user-content="">
          {review.text}
        </p>
      )}
      {review.photos.length > 0 && (
        <p className="review__photos">
          {review.photos.map((src, i) => (
            <img
              key={src + i}
              {...fixedImage(src, 96)}
              alt={t('review.photoAlt', { n: i + 1, author: review.author })}
              width={96}
              height={96}
              loading="lazy"
            />
          ))}
        </p>
      )}
      {review.likes > 0 && <p className="review__likes">{t('review.likes', { count: review.likes })}</p>}
    </li>
  );
}

/**
 * The reviews of a product page: average, count and the latest reviews of the snapshot, complete
 * without JavaScript. The reviews island replaces it with the live list (new reviews, likes, a buyer's link to write
 * one).
 */
export function ProductReviewsSection({
  reviews,
  productId,
  productName,
  storefront,
  t,
}: {
  reviews: ProductReviews;
  productId: string;
  productName: string;
  storefront: StorefrontContext;
  t: Translate;
}) {
  return (
    <section className="product__section product-reviews" id="reviews" aria-labelledby="product-reviews">
      <h2 id="product-reviews">{t('review.title')}</h2>
      <WidgetHost name="reviews" load="visible" storefront={storefront} props={{ productId, productName }}>
        <div className="reviews" data-testid="reviews-static">
          {reviews.count === 0 ? (
            <p className="reviews__none">{t('review.none')}</p>
          ) : (
            <>
              <p className="reviews__summary">
                <span className="review__stars" aria-hidden="true">
                  {starText(reviews.average)}
                </span>{' '}
                <strong data-testid="reviews-average">{t('review.average', { average: reviews.average })}</strong>
                {' · '}
                <span data-testid="reviews-count">{t('review.count', { count: reviews.count })}</span>
              </p>
              <h3 className="reviews__heading">{t('review.latest')}</h3>
              <ol className="reviews__list">
                {reviews.latest.map((review) => (
                  <ReviewItem key={review.id} review={review} storefront={storefront} t={t} />
                ))}
              </ol>
            </>
          )}
        </div>
      </WidgetHost>
    </section>
  );
}
