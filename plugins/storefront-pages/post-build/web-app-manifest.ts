import fs from 'node:fs';
import path from 'node:path';
import { writeIfChanged } from './write-if-changed';
import { APP_ICONS, BRAND_BACKGROUND, BRAND_COLOR, manifestPath } from '../../../sites/brand';

export interface ManifestStorefront {
  urlLocal: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  siteName: string;
}

/**
 * A storefront's web app manifest: its own id, start URL and scope (an installed /de store never opens /id
 * pages), its language and direction, the brand colours and icons.
 */
export function webAppManifest(storefront: ManifestStorefront): object {
  const home = `/${storefront.urlLocal}/`;
  return {
    id: home,
    name: storefront.siteName,
    short_name: 'Mi Store',
    lang: storefront.lang,
    dir: storefront.dir,
    start_url: home,
    scope: home,
    display: 'standalone',
    background_color: BRAND_BACKGROUND,
    theme_color: BRAND_COLOR,
    icons: APP_ICONS,
  };
}

/** Writes the manifest of each storefront into its folder, only when its text changes. */
export function writeWebAppManifests(publicDir: string, storefronts: readonly ManifestStorefront[]): void {
  for (const storefront of storefronts) {
    if (!fs.existsSync(path.join(publicDir, storefront.urlLocal))) continue;
    const file = path.join(publicDir, manifestPath(storefront.urlLocal));
    const text = `${JSON.stringify(webAppManifest(storefront), null, 2)}\n`;
    writeIfChanged(file, text);
  }
}
