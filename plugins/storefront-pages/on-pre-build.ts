import type { ParentSpanPluginArgs } from 'gatsby';
import { stashOtherRegions } from './region-stash';
import { selectedStorefronts } from './selected-storefronts';

export function onPreBuild({ reporter }: ParentSpanPluginArgs): void {
  const kept = stashOtherRegions(new Set(selectedStorefronts().map((s) => s.urlLocal)));
  if (kept.length > 0) reporter.info(`Keeping ${kept.length} storefronts built earlier: ${kept.join(', ')}`);
}
