import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { makeTranslate } from '../../../src/components/translate';
import { shellSlotMarkup } from '../../../src/components/shell-slot';
import { CatalogueContext } from '../../../src/components/widget-strings';
import { Footer } from '../../../src/shell/footer/footer';
import { Header } from '../../../src/shell/header/header';
import { headerPanelsPath } from '../../../widgets/contract';
import { HeaderPanels } from '../../../src/shell/header/header-panels';
import type { ShellContext } from '../../../src/page-context';
import { widgetHosts, type WidgetHostTag } from './island-scripts';
import type { FooterMode, StorefrontRecord } from './page-records';
import { pageStyles } from './page-styles';
import { renderFs } from './render-fs';

const rendered = new Map<string, string>();

function renderPart(record: StorefrontRecord, part: 'header' | 'footer', footerMode: FooterMode): string {
  const shell: ShellContext = { ...record.shell, footerMode };
  const t = makeTranslate(shell.strings, shell.storefront.lang);
  return renderToStaticMarkup(
    <CatalogueContext.Provider value={shell.strings}>
      {part === 'header' ? <Header shell={shell} t={t} /> : <Footer shell={shell} t={t} />}
    </CatalogueContext.Provider>,
  );
}

const panelsWritten = new Set<string>();

/**
 * Writes the storefront's header panels file beside its pages in `publicDir`, once per render worker. Every worker
 * that renders a web page of the storefront writes the same bytes (renamed into place, so a reader never sees half
 * a file); a page's hash covers the shell, so whenever the panels change, its pages are rendered again and the
 * file with them.
 */
export function writeHeaderPanels(record: StorefrontRecord, publicDir: string): void {
  if (panelsWritten.has(record.shell.storefront.urlLocal)) return;
  panelsWritten.add(record.shell.storefront.urlLocal);
  const shell: ShellContext = { ...record.shell, footerMode: 'full' };
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    <CatalogueContext.Provider value={shell.strings}>
      <HeaderPanels
        shell={shell}
        t={makeTranslate(shell.strings, shell.storefront.lang)}
        styles={pageStyles('header-panels')}
      />
    </CatalogueContext.Provider>,
  )}`;
  const file = path.join(publicDir, headerPanelsPath(shell.storefront.urlLocal));
  renderFs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  renderFs.writeFileSync(temporary, html);
  renderFs.renameSync(temporary, file);
}

/**
 * Which header or footer a page gets. The storefront and the build year identify the shell within one build
 * (workers do not outlive a build); only the footer comes in two modes.
 */
function shellKey(record: StorefrontRecord, part: 'header' | 'footer', footerMode: FooterMode): string {
  return `${record.shell.storefront.urlLocal}:${part}:${part === 'footer' ? footerMode : ''}`;
}

/** The header or footer HTML of a storefront, rendered once per render worker and reused for every page. */
export function shellHtml(record: StorefrontRecord, part: 'header' | 'footer', footerMode: FooterMode): string {
  const key = shellKey(record, part, footerMode);
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderPart(record, part, footerMode);
    rendered.set(key, html);
  }
  return html;
}

const shellHosts = new Map<string, WidgetHostTag[]>();

/** The widget hosts of a header or footer, found once per render worker like its HTML. */
function shellWidgetHosts(
  record: StorefrontRecord,
  part: 'header' | 'footer',
  footerMode: FooterMode,
): WidgetHostTag[] {
  const key = shellKey(record, part, footerMode);
  let hosts = shellHosts.get(key);
  if (hosts === undefined) {
    hosts = widgetHosts(shellHtml(record, part, footerMode));
    shellHosts.set(key, hosts);
  }
  return hosts;
}

/**
 * The widget hosts of a page, in document order, from its body before the shell slots are filled: the header's
 * and footer's are the same on every page of the storefront, so their 17 KB are not scanned again for each one.
 */
export function pageWidgetHosts(bodyHtml: string, record: StorefrontRecord, footerMode: FooterMode): WidgetHostTag[] {
  const header = bodyHtml.includes(shellSlotMarkup('header')) ? shellWidgetHosts(record, 'header', footerMode) : [];
  const footer = bodyHtml.includes(shellSlotMarkup('footer')) ? shellWidgetHosts(record, 'footer', footerMode) : [];
  return [...header, ...widgetHosts(bodyHtml), ...footer];
}

/** Puts the storefront's header and footer into a page body in place of its shell slots. */
export function fillShellSlots(bodyHtml: string, record: StorefrontRecord, footerMode: FooterMode): string {
  return bodyHtml
    .replace(shellSlotMarkup('header'), () => shellHtml(record, 'header', footerMode))
    .replace(shellSlotMarkup('footer'), () => shellHtml(record, 'footer', footerMode));
}
