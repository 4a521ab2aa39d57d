import type { StorefrontContext } from '../page-context';
import type { Translate } from '../components/translate';
import { WidgetHost } from '../components/widget-host';

export interface ErrorPageProps {
  storefront: StorefrontContext;
  t: Translate;
  /** Overrides the catalogue message (e.g. a render crash with a known cause). */
  message?: string;
}

/** The broken-plug illustration of the error page; its meaning is in the message, so it is decorative. */
function ErrorIllustration() {
  return (
    <svg
      className="error-page__image"
      viewBox="0 0 160 120"
      width="160"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="20" y="30" width="120" height="72" rx="10" fill="#f2f2f2" stroke="#757575" strokeWidth="3" />
      <path d="M20 48h120" stroke="#757575" strokeWidth="3" />
      <circle cx="34" cy="39" r="3" fill="#757575" />
      <circle cx="46" cy="39" r="3" fill="#757575" />
      <path d="m66 62 28 28m0-28L66 90" stroke="#ff6900" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The error screen: image, message and the buttons retry, refresh, go back and go home. Without
 * JavaScript they are a GET form and links: retry re-requests the current URL, refresh reloads it (an empty
 * href is the current document), go back and go home lead to the storefront's home. The `error-page` widget
 * gives retry, refresh and go back their real behaviour (reload, history -1).
 */
export function ErrorPage({ storefront, t, message }: ErrorPageProps) {
  return (
    <div className="error-page">
      <ErrorIllustration />
      <h1 className="page-title">{t('error.title')}</h1>
      <p>{message ?? t('error.message')}</p>
      <WidgetHost
        name="error-page"
        load="eager"
        storefront={storefront}
        props={{ buttons: ['retry', 'refresh', 'goBack', 'goHome'], home: storefront.home }}
      >
        <div className="error-page__actions">
          <form method="get" className="inline-form">
            <button type="submit" className="button">
              {t('error.retry')}
            </button>
          </form>
          {/* biome-ignore lint/a11y/useValidAnchor: a link to this very address reloads the page without JavaScript */}
          <a className="button button--secondary" href="">
            {t('error.refresh')}
          </a>
          <a className="button button--secondary" href={storefront.home}>
            {t('error.goBack')}
          </a>
          <a className="button button--secondary" href={storefront.home}>
            {t('error.goHome')}
          </a>
        </div>
      </WidgetHost>
    </div>
  );
}
