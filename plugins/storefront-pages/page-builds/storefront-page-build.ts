/**
 * One storefront's pages, built without Gatsby: its page builders run, its record for the HTML renderer is
 * written (render/page-records.ts), and what Gatsby must be given comes back as a list, so the build can run on
 * any thread and only the createPage calls need Gatsby's (main) thread.
 */
import path from 'node:path';
import type { Storefront } from '../../../region-config';
import { loadContent } from '../../../content/load';
import type { SiteLink } from '../../../src/page-context';
import type { ContentBundle } from '../content-bundle';
import { widgetManifest } from '../render/island-scripts';
import { StorefrontRecorder } from '../render/page-records';
import { shellInput, siteLinks } from '../shell-input';
import type { EmitResult, GatsbyPage } from '../storefront-build';
import { emitStorefrontPages, makeStorefrontBuild } from '../storefront-pages';

/** What the build of every storefront reads: the content snapshots and what is derived from them once. */
export interface PageBuildInputs {
  content: ContentBundle;
  catalogues: ReadonlyMap<string, Record<string, string>>;
  sites: SiteLink[];
  widgets: unknown;
}

export interface BuiltStorefront {
  urlLocal: string;
  pages: GatsbyPage[];
  result: EmitResult;
}

export function pageBuildInputs(content: ContentBundle): PageBuildInputs {
  return {
    content,
    catalogues: new Map(Object.entries(content.translations)),
    sites: siteLinks(),
    widgets: widgetManifest(),
  };
}

/** The inputs as a thread of its own reads them: from the content folder, already validated by the main thread. */
export function loadPageBuildInputs(): PageBuildInputs {
  return pageBuildInputs(loadContent(path.resolve('content')));
}

/** Which pages a storefront has, from its page builders replayed without Gatsby and without a record (about 60 ms). */
export function replayStorefrontPages(storefront: Storefront, inputs: PageBuildInputs): EmitResult {
  return emitStorefrontPages(
    makeStorefrontBuild(storefront, inputs.catalogues, inputs.content),
    inputs.sites,
    () => undefined,
  ).result;
}

/** Builds one storefront's pages and writes its record. */
export function buildStorefrontPages(storefront: Storefront, inputs: PageBuildInputs): BuiltStorefront {
  const build = makeStorefrontBuild(storefront, inputs.catalogues, inputs.content);
  const strings = { ...inputs.catalogues.get('en'), ...inputs.catalogues.get(build.context.i18n) };
  const recorder = new StorefrontRecorder(
    storefront.urlLocal,
    shellInput(build, strings, inputs.sites),
    inputs.widgets,
  );
  const pages: GatsbyPage[] = [];
  const emitted = emitStorefrontPages(build, inputs.sites, (page) => void pages.push(page), recorder);
  recorder.write();
  return { urlLocal: storefront.urlLocal, pages, result: emitted.result };
}
