import path from 'path';
import type { CreatePagesArgs } from 'gatsby';
import { storefronts } from '../../region-config';
import { loadContent, SnapshotError } from '../../content/load';
import { validateSiteConfigs } from '../../sites/validate';
import { writeBuildRecord, writeSiteInventory } from './build-records';
import { siteInventory } from './page-inventory';
import { selectedStorefronts } from './selected-storefronts';
import { createShellSlices, siteLinks } from './shell-slices';
import { emitStorefrontPages, makeStorefrontBuild } from './storefront-pages';

interface LocaleNode {
  language: string;
  ns: string;
  data: string;
}

/** Creates every page of every selected storefront (REGIONS), with one progress line per storefront. */
export async function createPages({ graphql, actions, reporter }: CreatePagesArgs): Promise<void> {
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

  const result = await graphql<{ allLocale: { nodes: LocaleNode[] } }>(`{ allLocale(filter: { ns: { eq: "translation" } }) { nodes { language ns data } } }`);
  if (result.errors || !result.data) {
    reporter.panic({ id: 'STOREFRONT_LOCALES', context: { sourceMessage: `Could not read the translation catalogues: ${JSON.stringify(result.errors)}` } });
    return;
  }
  const catalogues = new Map(result.data.allLocale.nodes.map((node) => [node.language, JSON.parse(node.data) as Record<string, string>]));
  const sites = siteLinks();

  reporter.info(`Building ${selected.length} of ${storefronts.length} storefronts: ${selected.map((s) => s.urlLocal).join(', ')}`);
  let total = 0;
  const known = new Map<string, string[]>();
  try {
    for (const storefront of selected) {
      const activity = reporter.activityTimer(`storefront ${storefront.urlLocal}`);
      activity.start();
      const build = makeStorefrontBuild(storefront, catalogues, content);
      createShellSlices(build, { ...catalogues.get('en'), ...catalogues.get(build.context.i18n) }, sites, actions.createSlice);
      const pages = emitStorefrontPages(build, sites, actions.createPage);
      writeBuildRecord(storefront.urlLocal, pages.result);
      known.set(storefront.urlLocal, pages.result.indexable);
      total += pages.result.pages;
      activity.setStatus(`${pages.result.pages} pages`);
      activity.end();
    }
    // hreflang clusters span every storefront, also those this build does not render.
    writeSiteInventory(siteInventory(content, known));
  } catch (error) {
    // Two pages on one path, or an indexable alias of a page that is not indexable: the route table's or the
    // content's mistake, named in the message.
    reporter.panic({ id: 'STOREFRONT_PAGES_INCONSISTENT', context: { sourceMessage: (error as Error).message } });
    return;
  }
  reporter.info(`Created ${total} pages for ${selected.length} storefronts`);
}
