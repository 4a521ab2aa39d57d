import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { failureMessage } from '../lib/failure';
import { useResource } from '../lib/use-resource';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { isLoggedIn } from '../state/user';
import type { UploadMeta } from '../request/aftersales-api';
import { UploadList } from './upload-list';
import { photoProblem, REVIEW_RULES, reviewsApi } from '../request/reviews-api';
import { ReviewCard } from '../lib/review-card';
import { fixedImage } from '../../sites/image-renditions';

type Props = HostProps<'user-area'>;

const query = (name: string) => new URLSearchParams(location.search).get(name);
const reviewIdFromQuery = () => {
  const id = query('id');
  return id && /^\d{1,18}$/.test(id) ? id : null;
};
const chars = (text: string) => Array.from(text.trim()).length;

/**
 * /comment/postreview: rate (required) and review a product bought in this country, with up to 5 jpg/png photos and the
 * choice to post anonymously (anonymous names are masked). `?product_id=` preselects the product; the review waits for
 * staff.
 */
export function PostReview({ props }: { props: Props }) {
  const s = props.strings;
  const chosen = useSignal(query('product_id') ?? '');
  const score = useSignal(0);
  const text = useSignal('');
  const anonymous = useSignal(false);
  const photos = useSignal<UploadMeta[]>([]);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const products = useResource(
    () =>
      reviewsApi.products().then((r) => {
        if (!r.products.some((p) => p.productId === chosen.value))
          chosen.value = r.products.length === 1 ? r.products[0]!.productId : '';
        return r.products;
      }),
    { strings: s, error: message },
  ).data;
  const posting = useSubmit(
    () =>
      reviewsApi.post({
        productId: chosen.value,
        score: score.value,
        text: text.value.trim(),
        anonymous: anonymous.value,
        uploadIds: photos.value.map((p) => p.id),
      }),
    {
      strings: s,
      error: message,
      onSuccess: (review) => {
        location.assign(storePath(`comment/detail/?id=${review.id}&posted=1`));
        return untilTheNextPage();
      },
      onFailure: (f) => (errors.value = f.fields),
    },
  );
  const busy = posting.busy;
  if (!products.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  if (products.value.length === 0)
    return (
      <section data-testid="review-post">
        <p>{t(s, 'review.form.noProducts')}</p>
        <p>
          <a href={storePath('comment/myreview/')}>{t(s, 'review.mine.view')} →</a>
        </p>
      </section>
    );

  const submit = async (e: Event) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!chosen.value) local['productId'] = 'required';
    if (score.value < 1) local['score'] = 'required';
    if (chars(text.value) > REVIEW_RULES.maxText) local['text'] = 'length';
    errors.value = local;
    if (local['score']) return void (message.value = t(s, 'review.error.rating'));
    if (local['text']) return void (message.value = t(s, 'review.error.textLength'));
    if (local['productId']) return void (message.value = t(s, 'review.form.product'));
    await posting.run();
  };
  const invalid = (name: string) => (errors.value[name] ? 'true' : undefined);
  return (
    <form class="review-form" data-testid="review-post" onSubmit={submit} noValidate>
      <fieldset aria-invalid={invalid('productId')}>
        <legend>{t(s, 'review.form.product')}</legend>
        {products.value.map((p) => (
          <label class="choice" key={p.productId}>
            <input
              type="radio"
              name="productId"
              value={p.productId}
              checked={chosen.value === p.productId}
              onChange={() => (chosen.value = p.productId)}
            />
            <img {...fixedImage(p.image, 48)} alt="" width={48} height={48} /> {p.name}
          </label>
        ))}
      </fieldset>
      <fieldset aria-invalid={invalid('score')} class="review-form__rating">
        <legend>{t(s, 'review.form.rating')} *</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label class="choice" key={n}>
            <input type="radio" name="score" value={n} checked={score.value === n} onChange={() => (score.value = n)} />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span class="visually-hidden">{t(s, 'review.stars', { score: n })}</span>
          </label>
        ))}
      </fieldset>
      <div class="field">
        <label for="review-text">{t(s, 'review.form.text')}</label>
        <textarea
          id="review-text"
          name="text"
          rows={6}
          maxLength={REVIEW_RULES.maxText}
          aria-invalid={invalid('text')}
          value={text.value}
          onInput={(e) => (text.value = (e.target as HTMLTextAreaElement).value)}
        />
        <small>
          {chars(text.value)}/{REVIEW_RULES.maxText}
        </small>
      </div>
      <div class="field" aria-invalid={invalid('uploadIds')}>
        <label for="review-photos">{t(s, 'review.form.photos')}</label>
        <UploadList
          id="review-photos"
          testId="review-photos"
          listTestId="review-uploaded"
          files={photos}
          max={REVIEW_RULES.maxPhotos}
          accept=".jpg,.jpeg,.png"
          refuse={(file) => (photoProblem(file) ? t(s, 'review.error.photoType') : null)}
          texts={{
            tooMany: t(s, 'review.error.tooManyPhotos'),
            remove: t(s, 'review.form.remove'),
            failed: (e) => failureMessage(e, s),
          }}
          onMessage={(text) => (message.value = text)}
          showSize={false}
        />
      </div>
      <label class="choice">
        <input
          type="checkbox"
          name="anonymous"
          checked={anonymous.value}
          onChange={(e) => (anonymous.value = (e.target as HTMLInputElement).checked)}
        />
        {t(s, 'review.form.anonymous')}
      </label>
      {message.value ? (
        <p role="alert" class="form-error">
          {message.value}
        </p>
      ) : null}
      <div class="form-actions">
        <button type="submit" class="button" disabled={busy.value}>
          {t(s, 'review.form.submit')}
        </button>
      </div>
    </form>
  );
}

/** /comment/postadditionreview?id=: one follow-up on the user's own review, moderated like the review. */
export function PostAdditionReview({ props }: { props: Props }) {
  const s = props.strings;
  const id = reviewIdFromQuery();
  const text = useSignal('');
  const message = useSignal('');
  const done = useSignal(false);
  useEffect(() => {
    if (!id) location.replace(storePath('comment/myreview/'));
  }, []);
  const review = useResource(() => (id ? reviewsApi.detail(id) : Promise.resolve(null)), {
    strings: s,
    error: message,
  }).data;
  const addition = useSubmit((reviewId: string) => reviewsApi.addition(reviewId, text.value.trim()), {
    strings: s,
    error: message,
    onSuccess: (r) => {
      review.value = r;
      done.value = true;
      message.value = t(s, 'review.addition.submitted');
    },
  });
  if (!review.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  const submit = (e: Event) => {
    e.preventDefault();
    const n = chars(text.value);
    if (n === 0 || n > REVIEW_RULES.maxText) return void (message.value = t(s, 'review.error.additionLength'));
    void addition.run(review.value!.id);
  };
  const canAdd = !review.value.addition && review.value.state !== 'rejected' && review.value.mine;
  return (
    <section data-testid="review-addition-page">
      <h2>{t(s, 'review.addition.title')}</h2>
      <ol class="reviews__list">
        <ReviewCard review={review.value} strings={s} showState />
      </ol>
      {canAdd && !done.value ? (
        <form onSubmit={submit} noValidate>
          <div class="field">
            <label for="review-addition">{t(s, 'review.addition.text')}</label>
            <textarea
              id="review-addition"
              rows={4}
              maxLength={REVIEW_RULES.maxText}
              value={text.value}
              onInput={(e) => (text.value = (e.target as HTMLTextAreaElement).value)}
            />
          </div>
          <div class="form-actions">
            <button type="submit" class="button">
              {t(s, 'review.addition.submit')}
            </button>
          </div>
        </form>
      ) : null}
      {message.value ? <p role={done.value ? 'status' : 'alert'}>{message.value}</p> : null}
      <p>
        <a href={storePath('comment/myreview/')}>{t(s, 'review.mine.view')} →</a>
      </p>
    </section>
  );
}

/** /comment/myreview: the user's reviews with their states (pending review, reviewed, rejected). */
export function MyReviews({ props }: { props: Props }) {
  const s = props.strings;
  const mine = useResource(() => reviewsApi.mine(), { strings: s });
  const list = mine.data;
  const message = mine.error;
  if (!list.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  if (list.value.length === 0) return <p data-testid="my-reviews">{t(s, 'review.mine.none')}</p>;
  return (
    <ol class="reviews__list" data-testid="my-reviews">
      {list.value.map((r) => (
        <ReviewCard key={r.id} review={r} strings={s} showState>
          <p>
            <strong>{r.productName}</strong> ·{' '}
            <a href={storePath(`comment/detail/?id=${r.id}`)}>{t(s, 'review.mine.view')}</a>
            {!r.addition && r.state !== 'rejected' ? (
              <>
                {' '}
                · <a href={storePath(`comment/postadditionreview/?id=${r.id}`)}>{t(s, 'review.mine.add')}</a>
              </>
            ) : null}
          </p>
        </ReviewCard>
      ))}
    </ol>
  );
}

/** /comment/detail?id=: one review; anyone may read a published one, its author also a pending or rejected one. */
export function ReviewDetail({ props }: { props: Props }) {
  const s = props.strings;
  const id = reviewIdFromQuery();
  const message = useSignal(id ? '' : t(s, 'review.error.notFound'));
  const review = useResource(() => (id ? reviewsApi.detail(id) : Promise.resolve(null)), {
    strings: s,
    error: message,
  }).data;
  const liking = useSubmit((reviewId: string) => reviewsApi.like(reviewId), {
    strings: s,
    error: message,
    onSuccess: (x) => (review.value = review.value && { ...review.value, liked: x.liked, likes: x.likes }),
  });
  const r = review.value;
  if (!r) return <p data-testid="review-detail">{message.value || t(s, 'common.loading')}</p>;
  const like = async () => {
    if (!isLoggedIn.value) return void (message.value = t(s, 'review.signInToLike'));
    await liking.run(r.id);
  };
  return (
    <section data-testid="review-detail">
      <h2>{r.productName}</h2>
      {query('posted') && r.state === 'pending' ? <p role="status">{t(s, 'review.form.submitted')}</p> : null}
      <ol class="reviews__list">
        <ReviewCard review={r} strings={s} showState={r.mine} onLike={() => void like()} />
      </ol>
      {message.value ? <p role="status">{message.value}</p> : null}
      <p>
        <a href={storePath(`product/${r.productId}/`)}>{t(s, 'review.detail.product')}</a>
        {r.mine ? (
          <>
            {' '}
            · <a href={storePath('comment/myreview/')}>{t(s, 'review.mine.view')}</a>
          </>
        ) : null}
      </p>
    </section>
  );
}

/**
 * /user/reviewsappredirect: the app's entry to the reviews area. It forwards to writing a review when the app names
 * a product (`?product_id=`), else to the user's reviews, replacing itself in the history.
 */
export function ReviewsRedirect({ props }: { props: Props }) {
  const s = props.strings;
  const productId = query('product_id');
  const target =
    productId && /^[a-z0-9][a-z0-9-]{0,79}$/.test(productId)
      ? `comment/postreview/?product_id=${productId}`
      : 'comment/myreview/';
  useEffect(() => location.replace(storePath(target)), []);
  return (
    <p data-testid="reviews-redirect">
      <a href={storePath(target)}>{t(s, 'review.redirect')}</a>
    </p>
  );
}
