import fs from 'fs';
import path from 'path';
import type { CreatePagesArgs } from 'gatsby';
import { catalogueCandidates, getStorefront, storefronts } from '../../region-config';
import { loadContent, SnapshotError } from '../../content/load';
import { validateSiteConfigs } from '../../sites/validate';
import { writeBuildRecord } from './build-records';
import { emitCatalogueLists } from './pages/catalogue-pages';
import { emitContentPages } from './pages/content-pages';
import { emitFixedPages } from './pages/fixed-pages';
import { emitProductPages } from './pages/product-pages';
import { emitSupportPages } from './pages/support-pages';
import { emitStorePages } from './pages/store-pages';
import { fixedRoutes } from './route-table';
import { selectedStorefronts } from './selected-storefronts';
import { widgetManifest } from './render/island-scripts';
import { readCreatedPages, StorefrontRecorder } from './render/page-records';
import { shellInput, siteLinks } from './shell-input';
import { PageEmitter, type StorefrontBuild } from './storefront-build';
import { storefrontContext } from './storefront-context';

/** Every UI catalogue in content/locales/<code>/translation.json, by catalogue code. */
function readCatalogues(): Map<string, Record<string, string>> {
  const folder = path.resolve('content/locales');
  return new Map(
    fs.readdirSync(folder)
      .filter((code) => fs.existsSync(path.join(folder, code, 'translation.json')))
      .map((code) => [code, JSON.parse(fs.readFileSync(path.join(folder, code, 'translation.json'), 'utf8')) as Record<string, string>]),
  );
}

/** The catalogue a storefront reads: the first of its candidates that exists (contracts.md). */
function catalogueCode(lang: string, available: ReadonlySet<string>): string {
  return catalogueCandidates(lang).find((code) => available.has(code)) ?? 'en';
}

/**
 * Creates every page of every selected storefront (REGIONS), with one progress line per storefront.
 * Order matters: built-in routes first, so a CMS page can never shadow a route of the §2 table.
 */
export async function createPages({ actions, reporter }: CreatePagesArgs): Promise<void> {
  let selected;
  let content;
  try {
    selected = selectedStorefronts();
    // Region and site settings are the release manager's too: a bad entry stops the build naming file and pointer.
    validateSiteConfigs();
    // The snapshots were validated one by one as Gatsby sourced them; this adds the cross-file rules.
    // Gatsby runs this file compiled into .cache, so the content folder is named from the project root.
    content = loadContent(path.resolve('content'));
  } catch (error) {
    const id = error instanceof SnapshotError ? 'STOREFRONT_SNAPSHOT_INVALID' : 'STOREFRONT_CONFIG_INVALID';
    reporter.panic({ id, context: { sourceMessage: (error as Error).message } });
    return;
  }

  const catalogues = readCatalogues();
  const widgets = widgetManifest();
  const english = catalogues.get('en') ?? {};
  const sites = siteLinks();
  const routeMap = new Map(fixedRoutes.map((route) => [route.id, route]));

  reporter.info(`Building ${selected.length} of ${storefronts.length} storefronts: ${selected.map((s) => s.urlLocal).join(', ')}`);
  let total = 0;
  for (const storefront of selected) {
    const activity = reporter.activityTimer(`storefront ${storefront.urlLocal}`);
    activity.start();
    const i18n = catalogueCode(storefront.lang, new Set(catalogues.keys()));
    const strings = { ...english, ...catalogues.get(i18n) };
    const build: StorefrontBuild = {
      storefront,
      context: storefrontContext(storefront, i18n),
      variants: storefront.region.languages.map((language) => getStorefront(language.urlLocal)).filter((s): s is NonNullable<typeof s> => s !== undefined),
      scope: { local: storefront.local, i18n, urlLocal: storefront.urlLocal },
      content,
      t: (key, fallback) => strings[key] ?? fallback,
    };
    const recorder = new StorefrontRecorder(storefront.urlLocal, shellInput(build, strings, sites), widgets);
    const pages = new PageEmitter(build, actions.createPage, recorder);
    emitFixedPages(build, pages, fixedRoutes, sites);
    emitCatalogueLists(build, pages, routeMap);
    emitProductPages(build, pages);
    emitSupportPages(build, pages, routeMap);
    emitStorePages(build, pages, routeMap);
    emitContentPages(build, pages);
    writeBuildRecord(storefront.urlLocal, pages.result);
    recorder.write();
    total += pages.result.pages;
    activity.setStatus(`${pages.result.pages} pages`);
    activity.end();
  }
  reporter.info(`Created ${total} pages for ${selected.length} storefronts`);
  keepOtherStorefronts(new Set(selected.map((s) => s.urlLocal)), actions.createPage, reporter);
}

/**
 * Gatsby deletes the HTML of every page a build does not create. The storefronts this build does not rebuild
 * get their pages again exactly as last time (same PageRef, same hash), so Gatsby neither deletes nor
 * re-renders them: they stay online in public/, untouched, while the others are rebuilt.
 */
function keepOtherStorefronts(rebuilt: ReadonlySet<string>, createPage: CreatePagesArgs['actions']['createPage'], reporter: CreatePagesArgs['reporter']): void {
  const kept: string[] = [];
  for (const { urlLocal } of storefronts) {
    if (rebuilt.has(urlLocal) || !fs.existsSync(path.resolve('public', urlLocal))) continue;
    const pages = readCreatedPages(urlLocal);
    if (!pages) continue;
    for (const page of pages) createPage({ path: page.path, component: page.component, context: page.ref as unknown as Record<string, unknown> });
    kept.push(urlLocal);
  }
  if (kept.length > 0) reporter.info(`Keeping ${kept.length} storefronts built earlier as they are: ${kept.join(', ')}`);
}
