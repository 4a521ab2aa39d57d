// The page-build thread of page-builds.ts: builds the storefronts it is given, one message per storefront.
import { parentPort, workerData } from 'node:worker_threads';
import { getStorefront } from '../../../region-config';
import { buildStorefrontPages, loadPageBuildInputs } from './storefront-page-build';
import type { PageBuildMessage } from './page-builds';

const post = (message: PageBuildMessage): void => parentPort?.postMessage(message);

try {
  const inputs = loadPageBuildInputs();
  for (const code of (workerData as { storefronts: string[] }).storefronts) {
    const storefront = getStorefront(code);
    if (!storefront) throw new Error(`page-build thread: no storefront ${code} in region-config`);
    post({ built: buildStorefrontPages(storefront, inputs) });
  }
  post({ done: true });
} catch (error) {
  post({ error: (error as Error).message });
}
