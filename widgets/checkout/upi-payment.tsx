import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useSubmit } from '../lib/use-submit';
import type { Camelized } from '../request/camelized';
import { upiApi } from '../request/upi-api';
import type { UpiFlow, UpiStartAnswer } from '../../server/schemas/upi-payments';
import { isMobileDevice } from './async-payment-model';
import { AsyncPaymentStatus } from './async-payment-status';
import { timeLeft, upiStartOf } from './upi-payment-model';

type Props = HostProps<'checkout'>;
type Started = Camelized<UpiStartAnswer>;

/** The deadline as the shopper's clock shows it, and a countdown to it (not announced: the outcome is). */
function Deadline({ props, started }: { props: Props; started: Started }) {
  const now = useSignal(Date.now());
  useEffect(() => {
    const timer = setInterval(() => (now.value = Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p class="upi-countdown" data-testid="upi-countdown">
      <time dateTime={new Date(started.expiresAt).toISOString()}>
        {t(props.strings, 'payment.upi.timeLeft', { time: timeLeft(started.expiresAt, now.value) })}
      </time>
    </p>
  );
}

/** After the start: approve in the UPI app (collect), or scan the QR / open the intent link; then the outcome. */
function UpiWaiting({ props, started, mobile }: { props: Props; started: Started; mobile: boolean }) {
  const s = props.strings;
  const time = new Date(started.expiresAt).toLocaleTimeString(document.documentElement.lang || undefined);
  let ask;
  if (started.flow === 'collect') ask = <p>{t(s, 'payment.upi.approve', { vpa: started.vpa ?? '', time })}</p>;
  else if (mobile && started.intentUrl)
    ask = (
      <p>
        {t(s, 'payment.upi.openIntent', { time })}{' '}
        <a class="button button--primary" href={started.intentUrl} data-testid="upi-intent">
          {t(s, 'payment.upi.openApp')}
        </a>
      </p>
    );
  else
    ask = (
      <>
        <p>{t(s, 'payment.upi.scan', { time })}</p>
        {started.qrSvg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(started.qrSvg)}`}
            alt={t(s, 'payment.upi.qrAlt', { orderId: started.orderId })}
            width={240}
            height={240}
            data-testid="upi-qr"
          />
        ) : null}
      </>
    );
  return (
    <div class="upi-waiting" data-testid="upi-waiting" data-flow={started.flow}>
      {ask}
      <Deadline props={props} started={started} />
      {started.appUrl ? (
        <p>
          <a href={started.appUrl} target="_blank" rel="noopener" data-testid="upi-sandbox-app">
            {t(s, 'payment.upi.sandboxApp')}
          </a>
        </p>
      ) : null}
      <AsyncPaymentStatus props={props} paymentId={started.paymentId} />
    </div>
  );
}

/**
 * Pays the order by UPI: a collect request to the UPI ID the shopper types (checked by the UPI ID rule here and
 * again by the server), or the intent link (a QR code on a desktop). The server checks the method is offered and
 * the order is paid only by what the provider says; the island starts, counts down and polls.
 */
export function UpiPayment({ props, orderId }: { props: Props; orderId: string }) {
  const s = props.strings;
  const mobile = isMobileDevice();
  const flow = useSignal<UpiFlow>('collect');
  const vpa = useSignal('');
  const vpaError = useSignal('');
  const message = useSignal('');
  const started = useSignal<Started | null>(null);
  const starting = useSubmit(upiApi.start, {
    strings: s,
    error: message,
    onSuccess: (answer) => {
      started.value = answer;
    },
    onFailure: (f) => {
      // The server's word on the UPI ID goes beside the field (its rule, or the provider's check).
      if (f.data['field'] === 'vpa') {
        vpaError.value = f.message;
        message.value = '';
      }
    },
  });
  if (started.value) return <UpiWaiting props={props} started={started.value} mobile={mobile} />;

  const submit = (e: Event) => {
    e.preventDefault();
    vpaError.value = '';
    const body = upiStartOf(orderId, flow.value, vpa.value, mobile);
    if (body === 'invalidId') vpaError.value = t(s, 'payment.upi.error.invalidId');
    else void starting.run(body);
  };
  const choice = (value: UpiFlow, label: string) => (
    <label class="choice">
      <input
        type="radio"
        name="upiFlow"
        value={value}
        checked={flow.value === value}
        onChange={() => {
          flow.value = value;
          vpaError.value = '';
        }}
        data-testid={`upi-flow-${value}`}
      />
      {label}
    </label>
  );
  return (
    <form class="upi-payment" data-testid="upi-payment" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t(s, 'payment.upi.how')}</legend>
        {choice('collect', t(s, 'payment.upi.collect'))}
        {choice('intent', mobile ? t(s, 'payment.upi.intentMobile') : t(s, 'payment.upi.intent'))}
      </fieldset>
      {flow.value === 'collect' ? (
        <div class="field">
          <label for="upi-id">{t(s, 'payment.upi.idLabel')}</label>
          <input
            id="upi-id"
            name="vpa"
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellcheck={false}
            maxLength={321}
            required
            value={vpa.value}
            aria-invalid={vpaError.value ? 'true' : undefined}
            aria-describedby={vpaError.value ? 'upi-id-hint upi-id-error' : 'upi-id-hint'}
            onInput={(ev) => (vpa.value = (ev.target as HTMLInputElement).value)}
            data-testid="upi-id"
          />
          <small id="upi-id-hint">{t(s, 'payment.upi.idHint')}</small>
          {vpaError.value ? (
            <small id="upi-id-error" class="field__error" role="alert" data-testid="upi-id-error">
              {vpaError.value}
            </small>
          ) : null}
        </div>
      ) : null}
      <p role="alert" class="form-message" data-testid="payment-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={starting.busy.value} data-testid="upi-pay">
        {flow.value === 'collect'
          ? t(s, 'payment.upi.sendRequest')
          : mobile
            ? t(s, 'payment.upi.openApp')
            : t(s, 'payment.upi.showQr')}
      </button>
    </form>
  );
}
