import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { reviewsApi, type Review } from '../request/reviews-api';
import { ReviewCard } from '../lib/review-card';

type Strings = Record<string, string> | undefined;

/**
 * Review moderation for staff (pending review → reviewed, or rejected): every review or additional review
 * waiting, oldest first, with its photos; publishing or rejecting sends the author a message.
 */
export function ReviewsPane({ strings: s }: { strings: Strings }) {
  const notes = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const pending = useResource(() => reviewsApi.staffPending(), { strings: s, error: message });
  const list = pending.data;
  const moderation = useSubmit(
    (id: string, part: 'review' | 'addition', decision: 'publish' | 'reject') =>
      reviewsApi.moderate(id, part, decision, notes.value[id]?.trim() ?? ''),
    {
      strings: s,
      error: message,
      onSuccess: () => pending.reload(),
    },
  );
  // The review itself first; once it is published, a waiting addition is what is left to moderate.
  const decide = (review: Review, decision: 'publish' | 'reject') =>
    moderation.run(review.id, review.state === 'pending' ? 'review' : 'addition', decision);
  if (!list.value) return <p>{message.value || t(s, 'common.loading')}</p>;
  return (
    <div class="console-pane" data-testid="console-reviews">
      {list.value.length === 0 ? <p>{t(s, 'console.reviews.none')}</p> : null}
      <ol class="reviews__list">
        {list.value.map((r) => (
          <ReviewCard key={r.id} review={r} strings={s} showState>
            <p>
              <strong>{r.productName}</strong>
              {r.state !== 'pending' ? ` · ${t(s, 'console.reviews.addition')}` : ''}
            </p>
            <div class="form-actions">
              <label for={`review-note-${r.id}`}>{t(s, 'console.reviews.note')}</label>
              <input
                id={`review-note-${r.id}`}
                maxLength={500}
                value={notes.value[r.id] ?? ''}
                onInput={(e) => (notes.value = { ...notes.value, [r.id]: (e.target as HTMLInputElement).value })}
              />
              <button
                type="button"
                class="button"
                data-testid="review-publish"
                onClick={() => void decide(r, 'publish')}
              >
                {t(s, 'console.reviews.publish')}
              </button>
              <button
                type="button"
                class="button button--secondary"
                data-testid="review-reject"
                onClick={() => void decide(r, 'reject')}
              >
                {t(s, 'console.reviews.reject')}
              </button>
            </div>
          </ReviewCard>
        ))}
      </ol>
      <p role="alert">{message.value}</p>
    </div>
  );
}
