import type { ReactNode } from 'react';
import { formatPrice, type PriceDisplay } from '../../region-config';
import type { StorefrontContext } from '../page-context';
import type { ProductOffers as Offers } from '../template-data';
import { FormattedDate } from './formatted-date';
import type { Translate } from './translate';
import { WidgetHost } from './widget-host';

interface Props {
  productId: string;
  offers: Offers;
  storefront: StorefrontContext;
  display: PriceDisplay;
  t: Translate;
}

/**
 * What applies to the product besides its price: the pre-sale deposit and windows with a countdown ("remind me"
 * while it has not opened), the
 * F-code requirement, the trade-in bonus, the Mi Points a purchase earns and the lowest instalment. The page
 * states windows as dates and never which of them is open, since it may be served long after the build: the
 * countdown island works that out on the server's clock, and the add-to-cart island shows the live coupons to claim.
 */
export function ProductOffers({ productId, offers: o, storefront, display, t }: Props) {
  const money = (minor: number) => formatPrice(minor / 10 ** o.exponent, display);
  const items: { key: string; node: ReactNode }[] = [];
  if (o.presale) {
    const p = o.presale;
    items.push({
      key: 'presale',
      node: (
        <>
          <strong>{t('product.offers.presale', { deposit: money(p.deposit) })}</strong>{' '}
          <FormattedDate
            value={p.depositStartsAt}
            storefront={storefront}
            label={(from) => t('product.offers.depositWindow', { from })}
          />{' '}
          <FormattedDate
            value={p.depositEndsAt}
            storefront={storefront}
            label={(to) => t('product.offers.until', { to })}
          />
          .{' '}
          <FormattedDate
            value={p.finalStartsAt}
            storefront={storefront}
            label={(from) => t('product.offers.finalWindow', { from })}
          />{' '}
          <FormattedDate
            value={p.finalEndsAt}
            storefront={storefront}
            label={(to) => t('product.offers.until', { to })}
          />
          .
          <WidgetHost
            name="countdown"
            load="visible"
            storefront={storefront}
            props={{
              startsAt: p.depositStartsAt,
              endsAt: p.depositEndsAt,
              type: 'timeWithDays',
              onFinish: 'none',
              remind: { productId },
            }}
          >
            <span> </span>
          </WidgetHost>
          <span className="product__offer-note">{t('presale.rule')}</span>
        </>
      ),
    });
  }
  if (o.fcode) {
    items.push({
      key: 'fcode',
      node: (
        <>
          {t('product.offers.fcode')} <a href={`${storefront.home}user/fcode/`}>{t('product.offers.fcodeLink')}</a>{' '}
          <FormattedDate
            value={o.fcode.endsAt}
            storefront={storefront}
            label={(date) => t('campaign.until', { date })}
          />
        </>
      ),
    });
  }
  if (o.tradeInBonus !== null) {
    items.push({
      key: 'trade-in',
      node: (
        <>
          {t('product.offers.tradeIn', { bonus: money(o.tradeInBonus) })}{' '}
          <a href={`${storefront.home}trade-in/`}>{t('product.offers.tradeInLink')}</a>
        </>
      ),
    });
  }
  if (o.instalmentFrom) {
    const key = o.instalmentFrom.noCost ? 'product.offers.instalmentNoCost' : 'product.offers.instalment';
    items.push({
      key: 'instalment',
      node: t(key, { monthly: money(o.instalmentFrom.monthly), count: o.instalmentFrom.months }),
    });
  }
  if (o.pointsEarned) items.push({ key: 'points', node: t('product.offers.points', { count: o.pointsEarned }) });
  if (items.length === 0) return null;
  return (
    <ul className="product__offers" aria-label={t('product.offers.title')} data-testid="product-offers">
      {items.map((i) => (
        <li key={i.key} data-offer={i.key}>
          {i.node}
        </li>
      ))}
    </ul>
  );
}
