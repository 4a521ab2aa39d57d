/**
 * The one place told that the served release changed (a publish of a build, a rollback, a per-storefront
 * rollback), with the storefronts whose pages changed. The API's prices must follow the pages they show: the lead
 * wires this to applyServedRelease (server/releases/served-prices.ts) when DATABASE_URL or the embedded database
 * is reachable. Until then it does nothing, and the server picks the served release up at its next start.
 */
export interface ServedChange {
  releasesDir: string;
  /** The release now served (`releases/current`). */
  releaseId: string;
  /** Storefronts (urlLocal) whose version changed; empty when only shared files did. */
  locals: string[];
  reason: 'publish' | 'rollback' | 'storefront rollback';
}

/** Called after every change of the served release this folder makes; see the module comment. */
export async function afterServedChange(change: ServedChange): Promise<void> {
  void change; // wired by the lead to the API's price switch
}
