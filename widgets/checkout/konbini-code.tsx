import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { useResource } from '../lib/use-resource';
import type { HostProps } from '../contract';
import type { Camelized } from '../request/camelized';
import { serverNow } from '../request/server-time';
import { konbiniApi } from '../request/konbini-api';
import type { KonbiniCodeView } from '../../server/schemas/konbini-payments';
import { STORE_NAMES, brand } from './method-names';
import { codeIsOpen } from './konbini-model';

type Props = HostProps<'checkout'>;
export type KonbiniCode = Camelized<KonbiniCodeView>;

/** How often an open code is asked again: it disappears once the counter's payment is in, or once it lapses. */
const POLL_MS = 5000;

const pageLang = () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang);

/**
 * What the shopper shows at the counter: the chain, the amount, the deadline, the payment code (and confirmation
 * number), its barcode, the counter's own fee when the chain adds one, and a reminder to keep the code.
 */
export function KonbiniCodePanel({ props, code }: { props: Props; code: KonbiniCode }) {
  const s = props.strings;
  const store = brand(STORE_NAMES[code.store], pageLang());
  const time = new Date(code.expiresAt).toLocaleString(pageLang() || undefined);
  const fmt = (minor: number) => money(minor, code.exponent, props.priceDisplay);
  return (
    <section class="konbini-code" data-testid="konbini-code" data-store={code.store}>
      <p>{t(s, 'payment.konbini.instructions', { amount: fmt(code.amount), store, time })}</p>
      <dl>
        <dt>{t(s, 'payment.konbini.code')}</dt>
        <dd>
          <strong data-testid="konbini-code-number" translate={false}>
            {code.code}
          </strong>
        </dd>
        {code.confirmation ? (
          <>
            <dt>{t(s, 'payment.konbini.confirmation')}</dt>
            <dd>
              <strong data-testid="konbini-confirmation" translate={false}>
                {code.confirmation}
              </strong>
            </dd>
          </>
        ) : null}
      </dl>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.barcodeSvg)}`}
        alt={t(s, 'payment.konbini.barcodeAlt', { code: code.code })}
        data-testid="konbini-barcode"
        width={286}
        height={120}
      />
      {code.fee > 0 ? <p>{t(s, 'payment.konbini.fee', { fee: fmt(code.fee) })}</p> : null}
      <p>
        <small>{t(s, 'payment.konbini.keep')}</small>
      </p>
    </section>
  );
}

/** Polls a code while it is open, so it disappears when paid or lapsed. */
function useOpenCodePolling(resource: { reload: () => Promise<void>; loading: { value: boolean } }, open: boolean) {
  useEffect(() => {
    if (!open || resource.loading.value) return;
    const timer = setTimeout(() => void resource.reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [open, resource.loading.value]);
}

/**
 * A payment's konbini code, shown while it waits at the counter (the checkout after the start, and the provider's
 * return page). Nothing for a payment of another method: its result says all.
 */
export function KonbiniCodeOfPayment({ props, paymentId }: { props: Props; paymentId: string }) {
  // A payment of another method answers "not found": that is no failure to show here.
  const resource = useResource(() => konbiniApi.view(paymentId), { strings: props.strings, onFailure: () => {} }, [
    paymentId,
  ]);
  const code = resource.data.value;
  const open = code ? codeIsOpen(code, serverNow()) : false;
  useOpenCodePolling(resource, open);
  return code && open ? <KonbiniCodePanel props={props} code={code} /> : null;
}

/** The order's code still waiting at the counter, on the order's result page; nothing when none waits. */
export function KonbiniCodeOfOrder({ props, orderId }: { props: Props; orderId: string }) {
  const resource = useResource(() => konbiniApi.ofOrder(orderId), { strings: props.strings, onFailure: () => {} }, [
    orderId,
  ]);
  const code = resource.data.value?.code ?? null;
  const open = code ? codeIsOpen(code, serverNow()) : false;
  useOpenCodePolling(resource, open);
  if (!code || !open) return null;
  return (
    <>
      <p role="status">
        {t(props.strings, 'payment.konbini.waiting', { store: brand(STORE_NAMES[code.store], pageLang()) })}
      </p>
      <KonbiniCodePanel props={props} code={code} />
    </>
  );
}
