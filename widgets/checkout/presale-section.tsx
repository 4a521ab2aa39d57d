import { t } from '../lib/strings';
import { storePath } from '../lib/store-path';
import { PresaleNotice } from '../lib/presale-notice';
import type { SectionProps } from './checkout-state';

/** A pre-sale in its deposit window: its terms, and why it must be bought alone when the cart holds more. */
export function PresaleSection({ q, s, display }: Omit<SectionProps, 'c'>) {
  if (!q.presale) return null;
  return (
    <section class="checkout__section" aria-labelledby="checkout-presale">
      <h2 id="checkout-presale">{t(s, 'presale.title')}</h2>
      <PresaleNotice
        terms={q.presale}
        exponent={q.amounts.exponent}
        strings={s}
        display={display}
        depositTotal={q.presale.depositTotal}
      />
      {q.blockers.includes('presale_alone') ? (
        <p role="alert" class="checkout__blocked">
          {t(s, 'presale.error.alone')} <a href={storePath('cart/')}>{t(s, 'cart.title')}</a>
        </p>
      ) : null}
    </section>
  );
}
