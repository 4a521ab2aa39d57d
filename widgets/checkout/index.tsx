import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { mountPreact } from '../lib/mount-preact';
import { price, type PriceDisplay } from '../lib/price';
import { t } from '../lib/strings';
import { goToSignIn, RequestError } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { cartCall, type UnifiedCart } from '../state/cart-api';
import { isLoggedIn } from '../state/user';

type Props = HostProps<'checkout'>;

/**
 * /checkout: the order summary of the selected cart lines. Placing the order needs an order API, which the
 * server does not offer yet; the page says so instead of pretending.
 */
function Checkout({ props }: { props: Props }) {
  const s = props.strings;
  const cart = useSignal<UnifiedCart | null>(null);
  const error = useSignal('');
  useEffect(() => {
    cartCall({ action: 'get' }).then(
      (c) => (cart.value = c),
      (e: unknown) => (error.value = e instanceof RequestError && e.errmsg ? e.errmsg : t(s, 'common.tryAgain', 'An error occurred, please try again later.')),
    );
  }, []);
  if (error.value) return <p role="alert">{error.value}</p>;
  if (!cart.value) return <p>{t(s, 'common.loading', 'Loading…')}</p>;
  const selected = cart.value.validItems.filter((i) => i.checked);
  if (selected.length === 0) {
    return (
      <p>
        {t(s, 'checkout.nothingSelected', 'No products selected.')} <a href={`/${props.urlLocal}/cart/`}>{t(s, 'cart.view', 'View cart')}</a>
      </p>
    );
  }
  const pay = cart.value.checkout.payment;
  return (
    <section class="checkout" data-testid="checkout">
      <h2>{t(s, 'checkout.summary', 'Order summary')}</h2>
      <ul>
        {selected.map((i) => (
          <li key={i.itemId}>
            {i.productName} × {i.productNum} — {price(i.subtotal, props.priceDisplay)}
          </li>
        ))}
      </ul>
      <p>
        {t(s, 'cart.total', 'Total')}: <strong>{price(pay.totalPrice, props.priceDisplay)}</strong>
      </p>
      <p role="status" class="checkout__notice">
        {t(s, 'checkout.unavailable', 'Online payment is not available yet. Please contact customer service to complete your order.')}
      </p>
    </section>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  if (!isLoggedIn.value) {
    goToSignIn();
    return () => undefined;
  }
  return mountPreact(host, <Checkout props={propsOf<'checkout'>(props)} />);
}
