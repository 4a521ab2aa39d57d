import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useSubmit } from '../lib/use-submit';
import { useResource } from '../lib/use-resource';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { bankTransferApi, type BankTransfer } from '../request/bank-transfer-api';
import { VA_BANKS, VA_BANK_NAMES, type VaBank } from '../../server/schemas/bank-transfers';
import { asyncStateText, isFinalState } from './async-payment-model';
import { PayStep } from './pay-step';
import { usePurchaseWhenPaid } from './purchase-tracking';

type Props = HostProps<'checkout'>;

/** How often a pending transfer is asked again: the bank feed usually lands within seconds of a transfer. */
const POLL_MS = 3000;

/** The account number with a copy button; a browser that refuses the clipboard says so (select it by hand then). */
function AccountNumber({ s, number }: { s: Props['strings']; number: string }) {
  const copied = useSignal<'' | 'ok' | 'failed'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(number);
      copied.value = 'ok';
    } catch {
      copied.value = 'failed';
    }
  };
  return (
    <div class="field">
      <span>{t(s, 'payment.bank.accountNumber')}</span>
      <p>
        <code data-testid="bank-account-number" translate={false}>
          {number}
        </code>{' '}
        <button type="button" class="button" onClick={() => void copy()} data-testid="bank-copy">
          {t(s, 'payment.bank.copy')}
        </button>
      </p>
      <p role="status" aria-live="polite">
        {copied.value === 'ok'
          ? t(s, 'payment.bank.copied')
          : copied.value === 'failed'
            ? t(s, 'payment.bank.copyFailed')
            : ''}
      </p>
    </div>
  );
}

/**
 * The open account: where to transfer, how much and until when, and the live state (asked again every few seconds
 * until paid, failed or expired); after a partial transfer, what was received and what is still owed.
 */
function OpenAccount({ props, first, fmt }: { props: Props; first: BankTransfer; fmt: (minor: number) => string }) {
  const s = props.strings;
  const resource = useResource(() => bankTransferApi.status(first.paymentId), { strings: s }, [first.paymentId]);
  const st = resource.data.value ?? first;
  const final = isFinalState(st.state);
  usePurchaseWhenPaid(st.orderId, st.state === 'paid');
  useEffect(() => {
    if (final || resource.loading.value) return;
    const timer = setTimeout(() => void resource.reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [st, final, resource.loading.value, resource.error.value]);
  const time = st.expiresAt ? new Date(st.expiresAt).toLocaleString(document.documentElement.lang || undefined) : '';
  return (
    <section class="bank-transfer" data-testid="bank-transfer" data-state={st.state}>
      {final ? null : (
        <>
          <p>{t(s, 'payment.bank.instructions', { amount: fmt(st.amount), bank: VA_BANK_NAMES[st.bank], time })}</p>
          <AccountNumber s={s} number={st.accountNumber} />
          <p>
            {t(s, 'payment.bank.amount')}: <strong data-testid="bank-amount">{fmt(st.amount)}</strong>
          </p>
        </>
      )}
      <p role="status" aria-live="polite" data-testid="bank-state">
        {t(s, asyncStateText(st.state))}
        {st.state === 'pending' && st.amountReceived > 0 ? (
          <>
            {' '}
            <span data-testid="bank-remaining">
              {t(s, 'payment.bank.received', { received: fmt(st.amountReceived), remaining: fmt(st.amountRemaining) })}
            </span>
          </>
        ) : null}
      </p>
      <div class="form-actions">
        <a class="button button--primary" href={storePath(`user/order/${st.orderId}/`)}>
          {t(s, 'payment.async.viewOrder')}
        </a>
        {st.state === 'failed' || st.state === 'expired' ? (
          <a class="button" href={storePath(`buy/card-payment/?orderId=${st.orderId}`)}>
            {t(s, 'payment.async.payAgain')}
          </a>
        ) : null}
        {final ? null : (
          <button type="button" class="button" disabled={resource.loading.value} onClick={() => void resource.reload()}>
            {t(s, 'payment.async.check')}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * Pays the order by bank transfer to a virtual account: the shopper picks a bank, the server opens the account (or
 * answers the one already open) and the island shows the number to copy, the exact amount and the deadline. A bank
 * whose validation is down is refused with its message; another bank or method can be chosen.
 */
export function BankTransferPayment({
  props,
  orderId,
  exponent,
}: {
  props: Props;
  orderId: string;
  /** The currency's exponent: the amounts are minor units. */
  exponent: number;
}) {
  const s = props.strings;
  const bank = useSignal<VaBank>(VA_BANKS[0]);
  const message = useSignal('');
  const started = useSignal<BankTransfer | null>(null);
  const opening = useSubmit((b: VaBank) => bankTransferApi.start({ orderId, bank: b }), {
    strings: s,
    error: message,
    onSuccess: (answer) => (started.value = answer),
  });
  const fmt = (minor: number) => money(minor, exponent, props.priceDisplay);
  if (started.value) return <OpenAccount props={props} first={started.value} fmt={fmt} />;
  return (
    <div class="bank-transfer" data-testid="bank-choice">
      <fieldset>
        <legend>{t(s, 'payment.bank.chooseBank')}</legend>
        {VA_BANKS.map((b) => (
          <label class="choice" key={b}>
            <input type="radio" name="vaBank" value={b} checked={bank.value === b} onChange={() => (bank.value = b)} />
            {VA_BANK_NAMES[b]}
          </label>
        ))}
      </fieldset>
      <PayStep message={message} busy={opening.busy} onPay={() => void opening.run(bank.value)} testId="bank-open">
        {t(s, 'payment.bank.open')}
      </PayStep>
    </div>
  );
}
