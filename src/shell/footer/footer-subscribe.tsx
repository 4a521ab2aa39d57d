import type { HeaderFooter } from '../../../content/schemas/header-footer.schema';
import type { StorefrontContext } from '../../page-context';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';

export interface FooterSubscribeProps {
  connect: NonNullable<HeaderFooter['footer']['connect']>;
  storefront: StorefrontContext;
  t: Translate;
}

/**
 * Email subscribe box. The fallback is a real GET form to the subscribe endpoint, so it works without
 * JavaScript; the `subscribe` widget validates, sends the JSONP subscribe call and shows the message.
 */
export function FooterSubscribe({ connect, storefront, t }: FooterSubscribeProps) {
  const inputId = 'footer-subscribe-email';
  return (
    <section className="footer__subscribe" aria-labelledby="footer-subscribe-title">
      <h2 id="footer-subscribe-title" className="footer__title">
        {connect.title}
      </h2>
      <WidgetHost name="subscribe" load="visible" storefront={storefront} props={{ placeholder: connect.placeholder }}>
        <form className="subscribe" method="get" action={`${storefront.api}/misc/emailsubscribe`}>
          <label className="visually-hidden" htmlFor={inputId}>
            {t('footer.subscribe.placeholder')}
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder={connect.placeholder}
            maxLength={100}
          />
          <button type="submit" className="button">
            {t('footer.subscribe.button')}
          </button>
        </form>
      </WidgetHost>
    </section>
  );
}
