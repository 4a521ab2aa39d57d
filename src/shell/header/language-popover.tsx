import type { SiteLink, StorefrontContext } from '../../page-context';
import { Icon } from '../../components/icons';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { PLAIN_LINK_LOCALS, languageOptions } from './language-options';

export interface LanguagePopoverProps {
  storefront: StorefrontContext;
  sites: readonly SiteLink[];
  t: Translate;
}

/**
 * Language and site switcher (§2). Static markup per contracts.md: the `language-popover` widget toggles it
 * (150 ms debounce) and rewrites a chosen option to the same path on the other site with f=switch_lang. The
 * rendered hrefs are the sites' home pages (the slice is rendered once per storefront, not per path). With
 * JavaScript off the footer's select-location link is the way to switch.
 */
export function LanguagePopover({ storefront, sites, t }: LanguagePopoverProps) {
  const selectLocation = `${storefront.home}select-location/`;
  const label = t('header.language');
  if (PLAIN_LINK_LOCALS.includes(storefront.local)) {
    return (
      <a className="lang__link" href={selectLocation}>
        <Icon name="globe" />
        <span>{storefront.countryName}</span>
      </a>
    );
  }
  const options = languageOptions(sites);
  const listId = `lang-list-${storefront.urlLocal}`;
  return (
    <WidgetHost name="language-popover" load="interaction" storefront={storefront} props={{ current: storefront.urlLocal }}>
      <div className="lang" data-lang-popover="">
        <button type="button" className="lang__toggle" data-lang-toggle="" aria-expanded="false" aria-controls={listId}>
          <Icon name="globe" />
          <span>{storefront.countryName}</span>
          <span className="visually-hidden"> – {label}</span>
        </button>
        <div className="lang__panel" id={listId} hidden>
          <p className="lang__title">{label}</p>
          <ul role="list">
            {options.map((site) => {
              const current = site.urlLocal === storefront.urlLocal;
              return (
                <li key={site.href}>
                  <a
                    href={site.href}
                    hrefLang={site.lang}
                    lang={site.lang}
                    data-lang-option=""
                    data-local={site.local}
                    data-lang={site.lang}
                    data-url-local={site.urlLocal}
                    aria-current={current ? 'true' : undefined}
                  >
                    {site.name}
                  </a>
                </li>
              );
            })}
          </ul>
          <a className="lang__more" href={selectLocation}>
            {t('footer.selectLocation')}
          </a>
        </div>
      </div>
    </WidgetHost>
  );
}
