import fs from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'gatsby';
import { storefronts } from '../../../region-config';
import { storefrontContext } from '../storefront-context';
import { compressStaticFiles } from './compress';
import { writeBrandIcons } from './icons/brand-icons';
import { writeWebAppManifests } from './web-app-manifest';

/** The shared folders and root files of public/ that browsers load (server/static.ts serves the same set). */
const SHARED_ROOTS = ['_widgets', 'images', 'static', 'index.html', '404.html', 'sitemap.xml', 'robots.txt'];

/**
 * The last step of every build, once public/ holds its final files: the favicon and app icons, each
 * storefront's web app manifest, then Brotli and gzip siblings of every text file browsers load. It covers
 * every storefront in public/, not only the ones rebuilt now; files whose siblings are newer cost one `stat`.
 */
export async function prepareDelivery(publicDir: string, reporter: Reporter): Promise<void> {
  const present = storefronts.filter((s) => fs.existsSync(path.join(publicDir, s.urlLocal)));
  writeBrandIcons(publicDir);
  writeWebAppManifests(
    publicDir,
    present.map((s) => storefrontContext(s, s.i18n)),
  );

  const activity = reporter.activityTimer('Compressing for delivery (Brotli, gzip)');
  activity.start();
  const started = Date.now();
  const stats = await compressStaticFiles(publicDir, [...present.map((s) => s.urlLocal), ...SHARED_ROOTS]);
  activity.end();
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  reporter.info(
    `Compressed ${stats.compressed} files (${mb(stats.bytes)} MB → Brotli ${mb(stats.brotliBytes)} MB, ` +
      `gzip ${mb(stats.gzipBytes)} MB; ` +
      `${stats.reused} the same bytes as their app or iOS twin, whose siblings were reused) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s; ${stats.upToDate} already up to date, ` +
      `${stats.notSmaller} too small to gain, ${stats.removed} stale siblings removed`,
  );
}
