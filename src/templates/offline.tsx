import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** A cloud with a slash: decorative, the heading says what it means. */
function OfflineIllustration() {
  return (
    <svg
      className="error-page__image"
      viewBox="0 0 160 120"
      width="160"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M48 92h68a22 22 0 0 0 2-44 32 32 0 0 0-61-6 25 25 0 0 0-9 50z"
        fill="#f2f2f2"
        stroke="#757575"
        strokeWidth="3"
      />
      <path d="m40 24 84 84" stroke="#ff6900" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * /{prefix}/offline/: precached by the storefront's service worker and shown in place of a page that could not be
 * reached (widgets/service-worker). It is answered under the address the shopper asked for, so "try again"
 * is a link to the current document (an empty href) and works without JavaScript.
 */
export default function OfflineTemplate({ pageContext }: TemplateProps<unknown>) {
  const t = useTranslate();
  const { home } = pageContext.storefront;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="error-page" data-testid="offline-page">
        <OfflineIllustration />
        <h1 className="page-title">{t('page.offline.title')}</h1>
        <p>{t('offline.message')}</p>
        <div className="error-page__actions">
          {/* biome-ignore lint/a11y/useValidAnchor: a link to this very address reloads the page without JavaScript */}
          <a className="button" href="">
            {t('error.retry')}
          </a>
          <a className="button button--secondary" href={home}>
            {t('error.goHome')}
          </a>
        </div>
      </div>
    </Layout>
  );
}
