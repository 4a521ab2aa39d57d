import type { SiteLink, StorefrontContext } from '../../page-context';
import { Icon } from '../../components/icons';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { HeaderPart } from './header-part';
import { PLAIN_LINK_LOCALS, languageOptions } from './language-options';

export interface LanguagePopoverProps {
  storefront: StorefrontContext;
  sites: readonly SiteLink[];
  t: Translate;
}

/** The option list: every site's home page, the current one marked. */
function LanguagePanel({ storefront, sites, t, filled }: LanguagePopoverProps & { filled: boolean }) {
  const label = t('header.language');
  return (
    <HeaderPart part="languages" id={`lang-list-${storefront.urlLocal}`} className="lang__panel" filled={filled}>
      <p className="lang__title">{label}</p>
      <ul role="list">
        {languageOptions(sites).map((site) => (
          <li key={site.href}>
            <a
              href={site.href}
              hrefLang={site.lang}
              lang={site.lang}
              data-lang-option=""
              data-local={site.local}
              data-lang={site.lang}
              data-url-local={site.urlLocal}
              aria-current={site.urlLocal === storefront.urlLocal ? 'true' : undefined}
            >
              {site.name}
            </a>
          </li>
        ))}
      </ul>
      <a className="lang__more" href={`${storefront.home}select-location/`}>
        {t('footer.selectLocation')}
      </a>
    </HeaderPart>
  );
}

/**
 * The language list as the storefront's panels file holds it (header-panels.tsx); none where the switcher is a plain
 * link.
 */
export function LanguagePanelFilled(props: LanguagePopoverProps) {
  return PLAIN_LINK_LOCALS.includes(props.storefront.local) ? null : <LanguagePanel {...props} filled />;
}

/**
 * Language and site switcher. Static markup per contracts.md: the `language-popover` widget fills the
 * option list from the storefront's panels file, toggles it (150 ms debounce) and rewrites a chosen option to
 * the same path on the other site with f=switch_lang. With JavaScript off the footer's select-location link
 * is the way to switch.
 */
export function LanguagePopover(props: LanguagePopoverProps) {
  const { storefront, t } = props;
  if (PLAIN_LINK_LOCALS.includes(storefront.local)) {
    return (
      <a className="lang__link" href={`${storefront.home}select-location/`}>
        <Icon name="globe" />
        <span>{storefront.countryName}</span>
      </a>
    );
  }
  return (
    <WidgetHost
      name="language-popover"
      load="interaction"
      storefront={storefront}
      props={{ current: storefront.urlLocal }}
    >
      <div className="lang" data-lang-popover="">
        <button
          type="button"
          className="lang__toggle"
          data-lang-toggle=""
          aria-expanded="false"
          aria-controls={`lang-list-${storefront.urlLocal}`}
        >
          <Icon name="globe" />
          <span>{storefront.countryName}</span>
          <span className="visually-hidden"> – {t('header.language')}</span>
        </button>
        <LanguagePanel {...props} filled={false} />
      </div>
    </WidgetHost>
  );
}
