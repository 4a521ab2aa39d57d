import { camel, t } from '../lib/strings';
import { when } from '../lib/when';
import { serverNow } from '../request/server-time';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import { checkoutApi, type Order } from '../request/orders-api';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { PresaleNotice } from '../lib/presale-notice';

type Strings = Record<string, string> | undefined;

/**
 * A pre-order on its deposit order's page (the pre-sale: deposit then final payment): where it stands, the final window
 * with a button while it is open, the final-payment order once started, or the refund of a lapsed deposit.
 */
export function PresaleStatus({
  order: o,
  strings: s,
  display,
}: {
  order: Order;
  strings: Strings;
  display: PriceDisplay | undefined;
}) {
  const final = useSubmit(() => checkoutApi.finalPayment(o.orderId), {
    strings: s,
    onSuccess: ({ orderId }) => {
      location.assign(storePath(`buy/card-payment/?orderId=${orderId}`));
      return untilTheNextPage();
    },
  });
  const note = final.error;
  const busy = final.busy;
  const p = o.presale;
  if (!p || o.kind !== 'deposit') return null;
  const m = (minor: number) => money(minor, o.amounts.exponent, display);
  // The final window opens and closes on the server's clock, as the server decides it.
  const now = serverNow();
  const open = now >= p.finalStartsAt && now < p.finalEndsAt;
  const payFinal = final.run;
  return (
    <section class="presale-status" aria-labelledby="presale-status" data-testid="presale-status" data-state={p.state}>
      <h3 id="presale-status">{t(s, `presale.state.${camel(p.state)}`)}</h3>
      {p.state === 'deposit_paid' || p.state === 'deposit_unpaid' ? (
        <PresaleNotice
          terms={p}
          exponent={o.amounts.exponent}
          strings={s}
          display={display}
          depositTotal={o.amounts.total}
          finalAmount={p.finalAmount}
        />
      ) : null}
      {p.state === 'deposit_paid' && !open ? (
        <p>{now < p.finalStartsAt ? t(s, 'presale.finalOpens', { from: when(p.finalStartsAt) }) : null}</p>
      ) : null}
      {p.state === 'deposit_paid' && open ? (
        <p class="form-actions">
          <button
            type="button"
            class="button button--primary"
            disabled={busy.value}
            onClick={() => void payFinal()}
            data-testid="presale-pay-final"
          >
            {t(s, 'presale.payFinal')} · {m(p.finalAmount)}
          </button>
        </p>
      ) : null}
      {p.finalOrderId ? (
        <p>
          <a href={storePath(`user/order/${p.finalOrderId}/`)}>{t(s, 'presale.finalOrder', { id: p.finalOrderId })}</a>
        </p>
      ) : null}
      {p.state === 'lapsed' && p.refund ? (
        <p role="status">{t(s, 'presale.refund', { amount: m(p.refund.amount), date: when(p.refund.dueBy) })}</p>
      ) : null}
      <p role="alert">{note.value}</p>
    </section>
  );
}
