import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { storePath } from '../lib/store-path';
import { useSubmit } from '../lib/use-submit';
import { goToSignIn } from '../request';
import { alertIntent, alertsApi, keepAlertIntent, type StockAlert } from '../request/alerts-api';
import { isLoggedIn } from '../state/user';
import { STOCK_ALERT_FOLLOW_UP_DAYS } from '../../server/schemas/alerts';

type Strings = Record<string, string> | undefined;

const day = (ms: number) =>
  new Date(ms).toLocaleDateString(document.documentElement.lang || undefined, { dateStyle: 'long' });

/** The shopper's waiting alerts of a product's versions, by version (none for visitors). */
const waitingByVersion = new Map<string, StockAlert>();

/**
 * "Tell me when it is back" under a sold-out version's label: a signed-in shopper's alert (a message and a mail, once,
 * if the version is back within the follow-up window); a visitor signs in first and comes back to the same version,
 * where the request they made is carried out. An alert already waiting is shown with its end instead of the button.
 */
export function BackInStock({
  productId,
  commodityId,
  strings: s,
}: {
  productId: string;
  commodityId: string;
  strings: Strings;
}) {
  const alert = useSignal<StockAlert | null>(waitingByVersion.get(commodityId) ?? null);
  const ask = useSubmit(() => alertsApi.stock(commodityId), {
    strings: s,
    onSuccess: (a) => {
      waitingByVersion.set(a.commodityId, a);
      alert.value = a;
    },
  });
  useEffect(() => {
    alert.value = waitingByVersion.get(commodityId) ?? null;
    if (!isLoggedIn.value) return;
    // Back from signing in with the request made before: carry it out once.
    if (alertIntent() === `stock:${commodityId}`) {
      keepAlertIntent(null);
      void ask.run();
      return;
    }
    let gone = false;
    alertsApi.list(productId).then(
      (mine) => {
        for (const a of mine.stock) if (a.state === 'waiting') waitingByVersion.set(a.commodityId, a);
        if (!gone) alert.value = waitingByVersion.get(commodityId) ?? null;
      },
      () => undefined,
    );
    return () => void (gone = true);
  }, [commodityId]);

  const request = () => {
    if (isLoggedIn.value) return void ask.run();
    keepAlertIntent(`stock:${commodityId}`);
    goToSignIn();
  };
  const a = alert.value;
  return (
    <div class="back-in-stock" data-testid="back-in-stock">
      {a ? (
        <p role="status" data-state="waiting">
          {t(s, 'alert.back.waiting', { date: day(a.expiresAt) })}{' '}
          <a href={storePath('user/alerts/')}>{t(s, 'alert.title')}</a>
        </p>
      ) : (
        <>
          <button
            type="button"
            class="button button--secondary"
            disabled={ask.busy.value}
            onClick={request}
            data-testid="back-in-stock-ask"
          >
            {t(s, 'alert.back.ask')}
          </button>
          <p class="back-in-stock__note">{t(s, 'alert.back.note', { count: STOCK_ALERT_FOLLOW_UP_DAYS })}</p>
        </>
      )}
      {ask.error.value ? <p role="alert">{ask.error.value}</p> : null}
    </div>
  );
}
