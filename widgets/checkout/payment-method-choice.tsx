import type { Signal } from '@preact/signals';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { useResource } from '../lib/use-resource';
import type { HostProps } from '../contract';
import { paymentMethodsApi } from '../request/payment-methods-api';
import { detectPaymentDevice } from './payment-device';
import { detectBrowserWallets } from './wallet-detection';
import { deviceQuery, methodListModel, type MethodList, type MethodNote, type MethodView } from './payment-method-list';
import { BRAND_METHODS, STORE_NAMES, WALLET_NAMES, brand } from './method-names';

type Props = HostProps<'checkout'>;

/** The shopper-facing name of a method: a brand, or a catalogue text (with the store's brand for a konbini). */
export function methodName(m: MethodView, strings: Props['strings'], lang: string): string {
  if (m.wallet) return brand(WALLET_NAMES[m.wallet], lang);
  if (m.store) return t(strings, 'checkout.method.name.konbini', { store: brand(STORE_NAMES[m.store], lang) });
  switch (m.method) {
    case 'apple_pay':
    case 'google_pay':
    case 'qris':
    case 'upi':
      return BRAND_METHODS[m.method];
    case 'card':
      return t(strings, 'payment.byCard');
    case 'instalments':
      return t(strings, 'payment.method.instalment');
    case 'paylater':
      return t(strings, 'payment.method.bnpl');
    case 'bank_va':
      return t(strings, 'checkout.method.name.bankVa');
    default:
      return t(strings, 'checkout.method.name.cod');
  }
}

function noteText(n: MethodNote, list: MethodList, props: Props, lang: string): string {
  const s = props.strings;
  const fmt = (minor: number) => money(minor, list.exponent, props.priceDisplay);
  switch (n.kind) {
    case 'paymentRequest':
      return t(s, 'checkout.method.reason.paymentRequest');
    case 'appMissing':
      return t(s, 'checkout.method.reason.appMissing', { app: methodName(n.method, s, lang) });
    case 'limit':
      return t(
        s,
        n.method.reason === 'above_maximum'
          ? 'checkout.method.reason.aboveMaximum'
          : 'checkout.method.reason.belowMinimum',
        {
          method: methodName(n.method, s, lang),
          amount: fmt(n.method.limit ?? 0),
        },
      );
    case 'products':
      return t(s, 'checkout.method.reason.products', { method: methodName(n.method, s, lang) });
    case 'presale':
      return t(s, 'checkout.method.reason.presale', { method: methodName(n.method, s, lang) });
  }
}

/**
 * The ways to pay this order (GET /checkout/payment-methods) as one radio group in the country's order, and below it
 * why a method the shopper may look for is not there. The device is detected once, here, and sent with the request so
 * the server decides with the same rule the payment start checks.
 */
export function PaymentMethodChoice({
  orderId,
  props,
  value,
  include,
  label,
}: {
  orderId: string;
  props: Props;
  /** The chosen method's key ('ewallet:gopay', 'konbini:lawson', 'card'); '' until the shopper chooses. */
  value: Signal<string>;
  /**
   * Only the methods the screen has a flow for (the others and their notes are left out); with it the list shows
   * nothing while it loads or when none of them is offered, because the screen has other ways to pay.
   */
  include?: (m: MethodView) => boolean;
  /** Set to the chosen method's name, for the screen's pay button. */
  label?: Signal<string>;
}) {
  const s = props.strings;
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  // Apple Pay and Google Pay are offered by what this browser says it can pay with, and app wallets by what the store
  // app says is installed, both asked before the list.
  const resource = useResource(
    async () => {
      const [device, wallets] = await Promise.all([detectPaymentDevice(), detectBrowserWallets()]);
      return { device, answer: await paymentMethodsApi.list(orderId, deviceQuery(device, wallets)) };
    },
    { strings: s },
    [orderId],
  );
  const loaded = resource.data.value;
  if (resource.error.value) return <p role="alert">{resource.error.value}</p>;
  if (!loaded) return include ? null : <p aria-busy="true">{t(s, 'checkout.method.loading')}</p>;
  const { answer, device } = loaded;
  const list = include ? { ...answer, methods: answer.methods.filter(include) } : answer;
  const { offered, notes } = methodListModel(list, device);
  // Still say why Apple Pay is missing, say, when the screen's other ways to pay are all there is.
  if (include && offered.length === 0 && notes.length === 0) return null;
  const fmt = (minor: number) => money(minor, list.exponent, props.priceDisplay);
  return (
    <fieldset class="pay-methods" data-testid="local-pay-methods">
      <legend>{t(s, 'checkout.method.legend')}</legend>
      {offered.length === 0 && !include ? <p role="alert">{t(s, 'checkout.method.reason.none')}</p> : null}
      {offered.map((m) => (
        <label class="choice" key={m.key} data-method={m.key}>
          <input
            type="radio"
            name="paymentMethod"
            value={m.key}
            checked={value.value === m.key}
            onChange={() => {
              value.value = m.key;
              if (label) label.value = methodName(m, s, lang);
            }}
          />
          {methodName(m, s, lang)}
          {m.fee > 0 ? <small> · {t(s, 'checkout.method.fee', { amount: fmt(m.fee) })}</small> : null}
        </label>
      ))}
      {notes.length > 0 ? (
        <ul class="pay-methods__notes" aria-live="polite">
          {notes.map((n) => (
            <li key={'method' in n ? n.method.key : n.kind}>{noteText(n, list, props, lang)}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
