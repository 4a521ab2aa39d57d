import { t } from '../lib/strings';
import { storePath } from '../lib/store-path';
import { OrderAmounts, OrderLines } from '../lib/order-summary';
import type { SectionProps } from './checkout-state';

/** The lines and amounts of the quote, and what keeps the order from being placed. */
export function SummarySection({ q, s, display }: Omit<SectionProps, 'c'>) {
  return (
    <section class="checkout__section" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{t(s, 'checkout.summary')}</h2>
      <OrderLines lines={q.lines} amounts={q.amounts} strings={s} display={display} />
      <OrderAmounts
        amounts={q.amounts}
        strings={s}
        display={display}
        giftCardAmount={q.giftCardAmount}
        amountDue={q.amountDue}
      />
      {q.blockers.includes('lines') ? (
        <p role="alert" class="checkout__blocked">
          {t(s, 'order.error.lines')} <a href={storePath('cart/')}>{t(s, 'cart.title')}</a>
        </p>
      ) : null}
      {q.blockers.includes('amount_max') ? <p role="alert">{t(s, 'order.error.amountMax')}</p> : null}
    </section>
  );
}
