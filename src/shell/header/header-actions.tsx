import type { StorefrontContext } from '../../page-context';
import { Icon } from '../../components/icons';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';

type Props = { storefront: StorefrontContext; t: Translate };

/** The storefront's sign-in page (buy site /site/login); the header-user widget adds redirectUrl. */
export function signInHref(storefront: Pick<StorefrontContext, 'api'>): string {
  return `${storefront.api}/site/login`;
}

/**
 * Header search: a real GET form to the search page (works without JavaScript); the `search` widget adds
 * suggestions (and replaces the form with its own). Below the tablet breakpoint it takes a row of its own.
 */
export function HeaderSearch({ storefront, t, id }: Props & { id: string }) {
  const action = `${storefront.home}search/`;
  return (
    <WidgetHost
      name="search"
      load="interaction"
      storefront={storefront}
      className="header__search"
      props={{ mode: 'header', action, priceDisplay: storefront.priceDisplay, isToC: storefront.isToC }}
    >
      <form
        className="search-form search-form--header"
        role="search"
        aria-label={t('header.search')}
        method="get"
        action={action}
      >
        <label className="visually-hidden" htmlFor={id}>
          {t('header.search')}
        </label>
        <input id={id} type="search" name="keyword" placeholder={t('header.searchPlaceholder')} autoComplete="off" />
        <button type="submit" className="icon-button">
          <Icon name="search" />
          <span className="visually-hidden">{t('header.search')}</span>
        </button>
      </form>
    </WidgetHost>
  );
}

/** Account entry: a sign-in link until the `header-user` widget knows the user (nickname, user area). */
export function HeaderUser({ storefront, t }: Props) {
  return (
    <WidgetHost name="header-user" load="idle" storefront={storefront} props={{ userHref: `${storefront.home}user/` }}>
      <a className="icon-button" href={signInHref(storefront)}>
        <Icon name="user" />
        <span className="visually-hidden">{t('header.signIn')}</span>
      </a>
    </WidgetHost>
  );
}

/** Cart link; the `cart-count` widget adds the item count and unread messages (misc/info). */
export function HeaderCart({ storefront, t }: Props) {
  const href = `${storefront.home}cart/`;
  return (
    <WidgetHost name="cart-count" load="idle" storefront={storefront} props={{ cartHref: href }}>
      <a className="icon-button" href={href}>
        <Icon name="cart" />
        <span className="visually-hidden">{t('header.cart')}</span>
      </a>
    </WidgetHost>
  );
}
