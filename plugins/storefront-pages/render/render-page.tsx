/**
 * The render of every page, done once per page and in the page's render worker (what used to be a second pass
 * over the written HTML): the body without React's hydration markers, the storefront's header and footer put
 * in, the page's head and `<html>` attributes, the islands runtime in the head of pages that hold islands,
 * Gatsby's runtime out of the head and body.
 */
import path from 'node:path';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageRef } from '../../../src/page-context';
import { MainSlotContext } from '../../../src/components/main-slot';
import { PageHead } from '../../../src/components/page-head';
import { htmlAttributes } from '../../../src/components/seo-head';
import { CatalogueContext, LangContext } from '../../../src/components/widget-strings';
import { analyticsAttributes } from './analytics-attributes';
import { withoutGatsbyRuntime } from './gatsby-runtime';
import { islandScripts, widgetManifest, type WidgetHostTag } from './island-scripts';
import { mainSlotMode, settleMainSlot } from './main-html';
import { pageAt, readStorefrontRecord } from './page-records';
import { pageStyles } from './page-styles';
import { fillShellSlots, pageWidgetHosts, writeHeaderPanels } from './shell-html';

/** wrapPageElement: the template gets its full context, and the page's components the storefront's catalogue. */
export function withFullContext(element: ReactElement, ref: PageRef): ReactElement {
  const record = readStorefrontRecord(ref.urlLocal);
  const context = record?.pages[ref.pagePath]?.context;
  if (!record || !context) return element;
  return (
    <LangContext.Provider value={record.shell.storefront.lang}>
      <CatalogueContext.Provider value={record.shell.strings}>
        {cloneElement(element, { pageContext: context } as object)}
      </CatalogueContext.Provider>
    </LangContext.Provider>
  );
}

interface ReplaceRendererArgs {
  bodyComponent: ReactNode;
  replaceBodyHTMLString: (html: string) => void;
  setHeadComponents: (components: ReactNode[]) => void;
  setHtmlAttributes: (attributes: Record<string, string>) => void;
  pathname: string;
}

/** The islands' runtime and its module preloads, for a page that holds islands. */
function islandHead(hosts: readonly WidgetHostTag[]): ReactNode[] {
  const widgets = widgetManifest();
  const scripts = widgets ? islandScripts(hosts, widgets) : undefined;
  if (!scripts) return [];
  // Low priority: the islands enhance a page that is complete without them, so on a slow link the page's own
  // images (the LCP image first) get the bandwidth, and nothing of them delays the first paint.
  const low = { fetchpriority: 'low' };
  return [
    <script key="islands-runtime" type="module" src={scripts.runtime} {...low} />,
    ...scripts.modulePreloads.map((file) => <link key={`islands-${file}`} rel="modulepreload" href={file} {...low} />),
  ];
}

/**
 * replaceRenderer: renders the body, fills the shell slots, and sets the head: the page's own (PageHead), its
 * styles and the islands' scripts. Every page Gatsby renders is a storefront page that createPages recorded.
 */
export function renderBody({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
  setHtmlAttributes,
  pathname,
}: ReplaceRendererArgs): void {
  const found = pageAt(pathname);
  if (!found) throw new Error(`No page record for ${pathname}: createPages did not record it`);
  const { record, page } = found;
  // Static markup: nothing hydrates, so React's text separators would be bytes for nothing.
  const body = settleMainSlot(
    renderToStaticMarkup(
      <MainSlotContext.Provider value={mainSlotMode(page.main)}>{bodyComponent}</MainSlotContext.Provider>,
    ),
    page.main,
  );
  // The build skips Gatsby's pass that stitches slices into the written pages (build-plan/no-slice-stitching.cjs).
  if (body.includes('<slice-start'))
    throw new Error(
      `${pathname} holds a Gatsby Slice: pages take their shared parts from render/shell-html.tsx, and the ` +
        `build does not stitch slices`,
    );
  const html = fillShellSlots(body, record, page.footer);
  if (page.context.app === 'web') writeHeaderPanels(record, path.resolve('public'));
  replaceBodyHTMLString(html);
  setHtmlAttributes({ ...htmlAttributes(page.context.storefront), ...analyticsAttributes(page.context) });
  setHeadComponents([
    <PageHead key="page-head" pageContext={page.context} />,
    // App webview pages have no site header or footer, so none of their styles (render/page-styles.ts).
    <style
      key="islands-styles"
      dangerouslySetInnerHTML={{ __html: pageStyles(page.context.app === 'web' ? 'web' : 'app') }}
    />,
    ...islandHead(pageWidgetHosts(body, record, page.footer)),
  ]);
}

interface PreRenderArgs {
  getHeadComponents: () => ReactNode[];
  replaceHeadComponents: (components: ReactNode[]) => void;
  getPostBodyComponents: () => ReactNode[];
  replacePostBodyComponents: (components: ReactNode[]) => void;
}

/** onPreRenderHTML: Gatsby's runtime out of the head and the end of the body. */
export function dropGatsbyRuntime({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}: PreRenderArgs): void {
  replaceHeadComponents(withoutGatsbyRuntime(getHeadComponents()));
  replacePostBodyComponents(withoutGatsbyRuntime(getPostBodyComponents()));
}
