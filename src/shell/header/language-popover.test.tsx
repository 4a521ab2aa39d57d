import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sites, storefront, t } from '../../testing/fixtures';
import { languageOptions } from './language-options';
import { LanguagePanelFilled, LanguagePopover } from './language-popover';

describe('languageOptions', () => {
  it('removes hk, tw and in and deduplicates by value, keeping the first entry', () => {
    const options = languageOptions(sites);
    expect(options.map((site) => site.urlLocal)).toEqual(['id', 'be-fr', 'be-nl']);
    expect(options[0]?.name).toBe('Indonesia');
  });
});

describe('LanguagePopover', () => {
  it('renders the enhancement markup of contracts.md inside the language-popover host', () => {
    const page = renderToStaticMarkup(<LanguagePopover storefront={storefront()} sites={sites} t={t} />);
    expect(page).toContain('<store-widget name="language-popover"');
    expect(page).toContain('<div class="lang" data-lang-popover="">');
    expect(page).toMatch(
      /<button type="button" class="lang__toggle" data-lang-toggle="" aria-expanded="false" aria-controls="lang-list-id">/,
    );
    expect(page).toContain('<div class="lang__panel" id="lang-list-id" data-header-part="languages" hidden=""></div>');
    const html = renderToStaticMarkup(<LanguagePanelFilled storefront={storefront()} sites={sites} t={t} />);
    expect(html).toMatch(
      /^<div class="lang__panel" id="lang-list-id" data-header-part="languages" hidden=""><p class="lang__title">/,
    );
    expect(html).toContain(
      'href="/be-nl/" hrefLang="nl-BE" lang="nl-BE" data-lang-option="" data-local="be" data-lang="nl-BE" ' +
        'data-url-local="be-nl"',
    );
    expect(html).toContain('data-url-local="id" aria-current="true"');
    expect(html).not.toContain('href="/hk/"');
    expect(html).not.toContain('href="/tw/"');
    expect(html).not.toContain('href="/in/"');
  });

  it('is a plain link to select-location for local in', () => {
    const html = renderToStaticMarkup(
      <LanguagePopover
        storefront={storefront({ urlLocal: 'in', local: 'in', countryName: 'India' })}
        sites={sites}
        t={t}
      />,
    );
    expect(html).not.toContain('store-widget');
    expect(html).not.toContain('data-lang-popover');
    expect(html).toContain('<a class="lang__link" href="/in/select-location/">');
    expect(
      renderToStaticMarkup(
        <LanguagePanelFilled
          storefront={storefront({ urlLocal: 'in', local: 'in', countryName: 'India' })}
          sites={sites}
          t={t}
        />,
      ),
    ).toBe('');
  });
});
