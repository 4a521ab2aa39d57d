import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { when } from '../lib/when';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { reviewApi, type ReviewDecision, type ReviewReason } from './review-api';

type Strings = Record<string, string> | undefined;

/** Each risk rule in the words staff read (the names are the API's, the keys cannot hold underscores). */
const REASON_KEYS = {
  account_velocity: 'console.review.reason.accountVelocity',
  address_velocity: 'console.review.reason.addressVelocity',
  billing_country: 'console.review.reason.billingCountry',
  new_account_total: 'console.review.reason.newAccountTotal',
} as const satisfies Record<ReviewReason, string>;

const DONE_KEYS = { clear: 'console.review.cleared', reject: 'console.review.rejected' } as const;

/**
 * Orders in review of this storefront, the longest waiting first, with the risk rules that put each there: staff
 * clear one (the shopper can pay it, with a whole payment window) or reject it (it is cancelled, its stock released).
 */
export function ReviewPane({ strings: s }: { strings: Strings }) {
  const api = reviewApi();
  const message = useSignal('');
  const done = useSignal('');
  const orders = useResource(() => api.list(), { strings: s, error: message });
  const decision = useSubmit((orderId: string, d: ReviewDecision) => api.decide(orderId, d).then(() => d), {
    strings: s,
    error: message,
    onSuccess: (d) => {
      done.value = t(s, DONE_KEYS[d]);
      return orders.reload();
    },
    // Someone else decided meanwhile: the list shows what is left.
    onFailure: () => orders.reload(),
  });
  const list = orders.data.value;
  if (!list) return <p>{message.value || t(s, 'common.loading')}</p>;
  return (
    <div class="console-pane" data-testid="console-review">
      {done.value ? <p role="status">{done.value}</p> : null}
      {message.value ? <p role="alert">{message.value}</p> : null}
      {list.length === 0 ? <p>{t(s, 'console.review.none')}</p> : null}
      <ol class="review-orders">
        {list.map((o) => (
          <li key={o.orderId} data-order={o.orderId}>
            <dl>
              <dt>{t(s, 'console.review.order')}</dt>
              <dd>{o.orderId}</dd>
              <dt>{t(s, 'console.review.placed')}</dt>
              <dd>{when(o.placedAt)}</dd>
              <dt>{t(s, 'console.review.customer')}</dt>
              <dd>{o.email}</dd>
              <dt>{t(s, 'console.review.total')}</dt>
              <dd>{money(o.total, o.exponent)}</dd>
              <dt>{t(s, 'console.review.items')}</dt>
              <dd>{o.items}</dd>
              <dt>{t(s, 'console.review.city')}</dt>
              <dd>{o.city}</dd>
              <dt>{t(s, 'console.review.reasons')}</dt>
              <dd>
                <ul>
                  {o.reasons.map((r) => (
                    <li key={r}>{t(s, REASON_KEYS[r])}</li>
                  ))}
                </ul>
              </dd>
            </dl>
            <p class="form-actions">
              <button
                type="button"
                class="button"
                disabled={decision.busy.value}
                data-testid="review-clear"
                onClick={() => void decision.run(o.orderId, 'clear')}
              >
                {t(s, 'console.review.clear')}
              </button>
              <button
                type="button"
                class="button button--secondary"
                disabled={decision.busy.value}
                data-testid="review-reject"
                onClick={() => void decision.run(o.orderId, 'reject')}
              >
                {t(s, 'console.review.reject')}
              </button>
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
