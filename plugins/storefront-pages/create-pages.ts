import path from 'node:path';
import type { CreatePagesArgs } from 'gatsby';
import { storefronts } from '../../region-config';
import { loadContent, SnapshotError } from '../../content/load';
import { validateSiteConfigs } from '../../sites/validate';
import { buildInputs } from './build-plan/build-inputs';
import type { ContentBundle } from './content-bundle';
import { reusableInventory, writeBuildRecord, writeSiteInventory } from './build-records';
import { siteInventory } from './page-inventory';
import { selectedStorefronts } from './selected-storefronts';
import { startPageBuilds } from './page-builds/page-builds';
import { pageBuildInputs } from './page-builds/storefront-page-build';
import { writePageStyles } from './render/write-page-styles';
import { hashOf } from './render/page-records';
import { recordServedOffers } from './post-build/served-offers';
import { legalLibrary } from './pages/legal-pages';

function loaded(content: ContentBundle | undefined): ContentBundle {
  if (!content) throw new Error('createPages: the storefronts were built before the content was loaded');
  return content;
}

/** Creates every page of every selected storefront (REGIONS), with one progress line per storefront. */
export async function createPages({ actions, reporter }: CreatePagesArgs): Promise<void> {
  let selected;
  let content: ContentBundle | undefined;
  let builds;
  try {
    selected = selectedStorefronts();
    // Started first: a page-build thread loads while this thread validates.
    builds = startPageBuilds(selected, () => pageBuildInputs(loaded(content)));
    // Region and site settings are the release manager's too: a bad entry stops the build naming file and pointer.
    validateSiteConfigs();
    // The snapshots were validated one by one as Gatsby sourced them; this adds the cross-file rules.
    // Gatsby runs this file compiled into .cache, so the content folder is named from the project root.
    content = loadContent(path.resolve('content'));
    // The legal documents too: a bad one names its file, field and reason before any page is written.
    legalLibrary(path.resolve('content/legal'));
    writePageStyles();
  } catch (error) {
    const id = error instanceof SnapshotError ? 'STOREFRONT_SNAPSHOT_INVALID' : 'STOREFRONT_CONFIG_INVALID';
    reporter.panic({ id, context: { sourceMessage: (error as Error).message } });
    return;
  }

  reporter.info(
    `Building ${selected.length} of ${storefronts.length} storefronts: ${selected.map((s) => s.urlLocal).join(', ')}`,
  );
  let total = 0;
  // A storefront's inventory follows from its build inputs (code, shared content and its own): one computed
  // from the same inputs is reused, the others are replayed (page-inventory.ts).
  const inventoryKeys = Object.fromEntries(
    Object.entries(buildInputs().storefronts).map(([code, inputs]) => [code, hashOf(inputs)]),
  );
  const known = reusableInventory(inventoryKeys);
  try {
    for await (const built of builds) {
      const activity = reporter.activityTimer(`storefront ${built.urlLocal}`);
      activity.start();
      for (const page of built.pages)
        actions.createPage({ ...page, context: page.context as unknown as Record<string, unknown> });
      writeBuildRecord(built.urlLocal, built.result);
      // The prices these pages show, for the API to quote while this build's release serves them.
      recordServedOffers(loaded(content).products, {
        urlLocal: built.urlLocal,
        local: selected.find((s) => s.urlLocal === built.urlLocal)!.local,
      });
      known.set(built.urlLocal, built.result.indexable);
      total += built.result.pages;
      activity.setStatus(`${built.result.pages} pages`);
      activity.end();
    }
    // hreflang clusters span every storefront, also those this build does not render.
    writeSiteInventory(siteInventory(loaded(content), known), inventoryKeys);
  } catch (error) {
    // Two pages on one path, or an indexable alias of a page that is not indexable: the route table's or the
    // content's mistake, named in the message.
    reporter.panic({ id: 'STOREFRONT_PAGES_INCONSISTENT', context: { sourceMessage: (error as Error).message } });
    return;
  }
  // Gatsby deletes from public/ the pages of the storefronts this build leaves out: they stay online in the served
  // release, which the publish carries them over from (build-plan/publish.ts). Giving Gatsby their 56,000 pages
  // again only to keep them cost a one-storefront build 20 s (createPage and page nodes) for no page it renders.
  reporter.info(`Created ${total} pages for ${selected.length} storefronts`);
}
