import { mountPreact } from '../lib/mount-preact';
import { adoptStyles } from '../lib/styles';
import { goToSignIn } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import type { CheckoutScreen, HostProps } from '../contract';
import { isLoggedIn } from '../state/user';
import { CheckoutScreen as Checkout } from './checkout-screen';
import { CardPaymentScreen } from './card-payment-screen';
import { BnplResultScreen } from './bnpl-result';
import { AsyncResultScreen } from './async-payment-status';
import { PayOrderScreen, PaymentDetailsScreen, PaymentResultScreen } from './order-screens';
import { SplitPaymentScreen } from './split-payment-screen';
import { CHECKOUT_CSS } from '../lib/purchase-styles';
import { orderIdFromLocation } from '../lib/store-path';
import { track } from '../lib/analytics';
import { stepOf } from './purchase-tracking';

type Props = HostProps<'checkout'>;

/** One island, one screen per purchase route: the route table names the screen. */
function Screen({ props }: { props: Props }) {
  const screen: CheckoutScreen = props.screen;
  switch (screen) {
    case 'checkout':
      return <Checkout props={props} />;
    case 'card-payment':
      return <CardPaymentScreen props={props} />;
    case 'bnpl-result':
      return <BnplResultScreen props={props} />;
    case 'async-result':
      return <AsyncResultScreen props={props} />;
    case 'payment-result':
    case 'payment-successful':
    case 'payment-completed':
      return <PaymentResultScreen props={props} />;
    case 'checkout-again':
    case 'payment':
    case 'payment-link':
    case 'payment-jump':
      return <PayOrderScreen props={props} screen={screen} />;
    case 'split-payment':
      // /split-payment-details/{orderId}; the bare path (no order) keeps the whole-order details screen.
      return orderIdFromLocation() ? (
        <SplitPaymentScreen props={props} />
      ) : (
        <PaymentDetailsScreen props={props} screen={screen} />
      );
    case 'bank-transfer':
      return <PaymentDetailsScreen props={props} screen={screen} />;
  }
}

/** Every purchase screen is personal: visitors sign in first and come back to the same screen. */
export function mount(host: HTMLElement, props: BaseProps): () => void {
  if (!isLoggedIn.value) {
    goToSignIn();
    return () => undefined;
  }
  adoptStyles('checkout', CHECKOUT_CSS);
  const checkoutProps = propsOf<'checkout'>(props);
  const step = stepOf(checkoutProps.screen);
  if (step) track({ kind: 'checkout_step', step });
  return mountPreact(host, <Screen props={checkoutProps} />);
}
