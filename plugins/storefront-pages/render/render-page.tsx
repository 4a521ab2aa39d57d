/**
 * The render of every page, done once per page and in the page's render worker (what used to be a second pass
 * over the written HTML): the body without React's hydration markers, the storefront's header and footer put
 * in, the islands runtime in the head of pages that hold islands, Gatsby's runtime out of the head and body.
 */
import path from 'path';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageContext, PageRef } from '../../../src/page-context';
import { setPageContextSource } from '../../../src/components/page-context-source';
import { CatalogueContext } from '../../../src/components/widget-strings';
import { withoutGatsbyRuntime } from './gatsby-runtime';
import { islandScripts, widgetManifest } from './island-scripts';
import { pageAt, readStorefrontRecord } from './page-records';
import { pageStyles } from './page-styles';
import { fillShellSlots, writeHeaderPanels } from './shell-html';

/** The full context of a PageRef, for templates (wrapPageElement) and `Head` (page-context-source). */
function contextOf(ref: PageRef): PageContext | undefined {
  return readStorefrontRecord(ref.urlLocal)?.pages[ref.pagePath]?.context;
}
setPageContextSource(contextOf);

/** wrapPageElement: the template gets its full context, and the page's components the storefront's catalogue. */
export function withFullContext(element: ReactElement, ref: PageRef): ReactElement {
  const record = readStorefrontRecord(ref.urlLocal);
  const context = record?.pages[ref.pagePath]?.context;
  if (!record || !context) return element;
  return <CatalogueContext.Provider value={record.shell.strings}>{cloneElement(element, { pageContext: context } as object)}</CatalogueContext.Provider>;
}

interface ReplaceRendererArgs {
  bodyComponent: ReactNode;
  replaceBodyHTMLString: (html: string) => void;
  setHeadComponents: (components: ReactNode[]) => void;
  pathname: string;
}

/** replaceRenderer: renders the body, fills the shell slots and adds the islands' scripts. */
export function renderBody({ bodyComponent, replaceBodyHTMLString, setHeadComponents, pathname }: ReplaceRendererArgs): void {
  // Static markup: nothing hydrates, so React's text separators would be bytes for nothing.
  let html = renderToStaticMarkup(bodyComponent);
  const found = pageAt(pathname);
  if (found) html = fillShellSlots(html, found.record, found.page.footer);
  if (found?.page.context.app === 'web') writeHeaderPanels(found.record, path.resolve('public'));
  replaceBodyHTMLString(html);
  // App webview pages have no site header or footer, so none of their styles (render/page-styles.ts).
  const styles = <style key="islands-styles" dangerouslySetInnerHTML={{ __html: pageStyles(found?.page.context.app === 'web' || !found ? 'web' : 'app') }} />;
  const widgets = widgetManifest();
  const scripts = widgets ? islandScripts(html, widgets) : undefined;
  if (!scripts) {
    setHeadComponents([styles]);
    return;
  }
  // Low priority: the islands enhance a page that is complete without them, so on a slow link the page's own
  // images (the LCP image first) get the bandwidth, and nothing of them delays the first paint.
  const low = { fetchpriority: 'low' };
  setHeadComponents([
    styles,
    <script key="islands-runtime" type="module" src={scripts.runtime} {...low} />,
    ...scripts.modulePreloads.map((file) => <link key={`islands-${file}`} rel="modulepreload" href={file} {...low} />),
  ]);
}

interface PreRenderArgs {
  getHeadComponents: () => ReactNode[];
  replaceHeadComponents: (components: ReactNode[]) => void;
  getPostBodyComponents: () => ReactNode[];
  replacePostBodyComponents: (components: ReactNode[]) => void;
}

/** onPreRenderHTML: Gatsby's runtime out of the head and the end of the body. */
export function dropGatsbyRuntime({ getHeadComponents, replaceHeadComponents, getPostBodyComponents, replacePostBodyComponents }: PreRenderArgs): void {
  replaceHeadComponents(withoutGatsbyRuntime(getHeadComponents()));
  replacePostBodyComponents(withoutGatsbyRuntime(getPostBodyComponents()));
}
