import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { checkoutApi } from '../request/orders-api';
import { useSubmit } from '../lib/use-submit';
import type { Camelized } from '../request/camelized';
import type { AsyncStartAnswer } from '../../server/schemas/async-payments';
import { asyncStartOf, isMobileDevice } from './async-payment-model';
import { AsyncPaymentStatus } from './async-payment-status';
import { detectPaymentDevice } from './payment-device';
import { goToWallet } from './wallet-redirect';

type Props = HostProps<'checkout'>;
type Started = Camelized<AsyncStartAnswer>;

/** The QRIS code to scan, its deadline, and the provider's page for a shopper who cannot scan this screen. */
function QrAction({ props, started }: { props: Props; started: Started }) {
  const s = props.strings;
  const { action } = started;
  const time = new Date(action.expiresAt).toLocaleTimeString(document.documentElement.lang || undefined);
  return (
    <div class="async-qr" data-testid="async-qr">
      <p>{t(s, 'payment.async.scan', { time })}</p>
      {action.svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(action.svg)}`}
          alt={t(s, 'payment.async.qrAlt', { orderId: started.orderId })}
          width={240}
          height={240}
        />
      ) : null}
      {action.pageUrl ? (
        <p>
          <a href={action.pageUrl} target="_blank" rel="noopener" data-testid="async-qr-page">
            {t(s, 'payment.async.qrPage')}
          </a>
        </p>
      ) : null}
      <AsyncPaymentStatus props={props} paymentId={started.paymentId} />
    </div>
  );
}

/**
 * Pays the order by an e-wallet (the wallet's page, or its app by deep link on a phone) or by QRIS (a code to
 * scan, then the state polled here). The server checks the method is offered; the island only starts and shows.
 */
export function AsyncPayment({
  props,
  orderId,
  methodKey,
  methodLabel,
}: {
  props: Props;
  orderId: string;
  /** The chosen key of the method list: 'ewallet:gopay' or 'qris'. */
  methodKey: string;
  methodLabel: string;
}) {
  const s = props.strings;
  const message = useSignal('');
  const started = useSignal<Started | null>(null);
  /** The wallet's page when its pop-up was blocked: offered as a link in this tab. */
  const sameTab = useSignal<string | null>(null);
  const starting = useSubmit(
    // The wallet apps the store app says are installed go with the start, for the server to check LINE Pay against.
    async (key: string) => {
      const { apps } = await detectPaymentDevice();
      return checkoutApi.asyncStart(asyncStartOf(key, orderId, isMobileDevice(), apps)!);
    },
    {
      strings: s,
      error: message,
      onSuccess: (answer) => {
        if (answer.action.kind !== 'redirect') {
          started.value = answer;
          return;
        }
        // An app wallet opens in a pop-up and this page polls behind it; the others leave this tab for the wallet.
        const outcome = goToWallet(methodKey, answer.action.url, window);
        if (outcome === 'opened') started.value = answer;
        else if (outcome === 'blocked') {
          message.value = t(s, 'payment.wallet.error.popupBlocked');
          sameTab.value = answer.action.url ?? null;
        } else if (outcome === 'failed') message.value = t(s, 'payment.wallet.error.redirect');
      },
    },
  );
  if (started.value?.action.kind === 'qr') return <QrAction props={props} started={started.value} />;
  if (started.value) return <AsyncPaymentStatus props={props} paymentId={started.value.paymentId} />;
  return (
    <div class="async-payment" data-testid="async-payment">
      <p role="alert" class="form-message" data-testid="payment-message">
        {message.value}
      </p>
      {sameTab.value ? (
        <p>
          <a href={sameTab.value} class="button" data-testid="wallet-same-tab">
            {t(s, 'payment.wallet.openHere')}
          </a>
        </p>
      ) : null}
      <button
        type="button"
        class="button button--primary"
        disabled={starting.busy.value || !asyncStartOf(methodKey, orderId, false)}
        onClick={() => void starting.run(methodKey)}
        data-testid="async-pay"
      >
        {t(s, 'payment.async.continue', { method: methodLabel })}
      </button>
    </div>
  );
}
