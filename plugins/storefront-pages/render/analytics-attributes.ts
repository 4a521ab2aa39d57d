/**
 * The `<html>` attributes the islands' analytics reads (widgets/lib/analytics/page-context.ts): the page's type and
 * the release that rendered it, so the collector can tell pages and releases apart without a table of URLs.
 */
import type { PageContext } from '../../../src/page-context';
import type { WidgetPageData } from '../../../src/template-data';
import { releaseFromEnv } from '../build-plan/build-release';

/**
 * The page's type: its template, the home page by name, and a widget page by the island that is its content.
 * @example pageType({ template: 'widget-page', data: { mount: { name: 'checkout' } } }) → 'widget-page:checkout'
 */
export function pageType(context: Pick<PageContext, 'template' | 'routeId' | 'data'>): string {
  if (context.routeId === 'home' || context.routeId.startsWith('home-alias:')) return 'home';
  if (context.template !== 'widget-page') return context.template;
  const name = (context.data as Partial<WidgetPageData> | null)?.mount?.name;
  return name ? `widget-page:${name}` : context.template;
}

/**
 * The release a build's pages carry ('' for a render outside a release build, e.g. `npm run build:sites`). Read
 * while rendering, through globalThis: Gatsby's renderer bundle has every `process.env.X` written into it when it is
 * compiled, and a bundle that changed with each release would make Gatsby render every page again on every build.
 */
export function buildRelease(env: NodeJS.ProcessEnv = globalThis.process.env): string {
  return releaseFromEnv(env);
}

export function analyticsAttributes(context: PageContext): { 'data-page-type': string; 'data-release': string } {
  return { 'data-page-type': pageType(context), 'data-release': buildRelease() };
}
