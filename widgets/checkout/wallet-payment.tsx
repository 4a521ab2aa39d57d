import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { walletApi } from '../request/wallet-api';
import type { BrowserWallet } from '../../server/schemas/wallet-payments';
import { PayStep } from './pay-step';

type Props = HostProps<'checkout'>;

/** The browser wallet of a method key of the list ('apple_pay', 'google_pay'), or null. */
export const browserWalletOf = (key: string): BrowserWallet | null =>
  key === 'apple_pay' || key === 'google_pay' ? key : null;

/**
 * Pays the order by Apple Pay or Google Pay: the wallet's sheet gives a payment token (in the sandbox, its test
 * token for the order's amount and currency), which the server has verified and charges; there is no one-time
 * password. The list offers these wallets only where this browser's detection found them.
 */
export function WalletPayment({
  props,
  orderId,
  wallet,
  label,
  amount,
  currency,
}: {
  props: Props;
  orderId: string;
  wallet: BrowserWallet;
  label: string;
  /** Minor units left to pay, and the currency: what the sheet shows and the token is bound to. */
  amount: number;
  currency: string;
}) {
  const s = props.strings;
  const message = useSignal('');
  const paying = useSubmit(
    async () => {
      const { token } = await walletApi.sandboxToken({ wallet, amount, currency, outcome: 'approve' });
      return walletApi.pay({ orderId, wallet, token });
    },
    {
      strings: s,
      error: message,
      onSuccess: () => {
        location.assign(storePath(`payment-result/${orderId}/`));
        return untilTheNextPage();
      },
    },
  );
  return (
    <div class="wallet-payment" data-testid="wallet-payment">
      <PayStep message={message} busy={paying.busy} onPay={() => void paying.run()} testId="wallet-pay">
        {t(s, 'payment.wallet.pay', { method: label })}
      </PayStep>
    </div>
  );
}
