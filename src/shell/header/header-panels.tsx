import type { ShellContext } from '../../page-context';
import type { Translate } from '../../components/translate';
import { navigationVersion, storeMenu } from './header';
import { LanguagePanelFilled } from './language-popover';
import { MegaPanels } from './mega-menu';
import { SlidePanelFilled } from './slide-menu';

export interface HeaderPanelsProps {
  shell: ShellContext;
  t: Translate;
  /** The panels' own CSS (src/styles/header-panels.css, minified), which the page adopts when a panel is filled. */
  styles: string;
}

/**
 * The storefront's panels file (`/{prefix}/_shell/header-panels.html`): every header panel that only opens
 * with JavaScript, with its content, once per storefront. Each page's header holds the same panels as empty
 * boxes (header-part.tsx), and the island that opens a panel fills its box from here.
 */
export function HeaderPanels({ shell, t, styles }: HeaderPanelsProps) {
  const { storefront, headerFooter } = shell;
  const legacy = navigationVersion(shell) === 'v0';
  return (
    <html lang={storefront.lang} dir={storefront.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="robots" content="noindex" />
        <title>{storefront.siteName}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, not user input */}
        <style data-header-panels="" dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <MegaPanels
          items={headerFooter.header.main}
          store={legacy ? undefined : storeMenu(shell, t)}
          storefront={storefront}
          t={t}
        />
        <LanguagePanelFilled storefront={storefront} sites={shell.sites} t={t} />
        {legacy && <SlidePanelFilled headerFooter={headerFooter} storefront={storefront} t={t} />}
      </body>
    </html>
  );
}
