import { APPLE_TOUCH_ICON, manifestPath } from '../../sites/brand';
import type { PageContext } from '../page-context';

/**
 * The storefront's icons and web app manifest in every page's head. The tab icon is the .ico (16, 32 and 48 px,
 * also asked for by that name by crawlers), not the SVG mark: Chromium draws an SVG icon as a document on the
 * page's main thread, 25 to 38 ms in a load trace of /id/smart-home/ here, and draws it again when the page
 * loads. The manifest still offers the SVG for installed apps.
 */
export function AppHead({ storefront }: Pick<PageContext, 'storefront'>) {
  return (
    <>
      <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
      <link rel="manifest" href={manifestPath(storefront.urlLocal)} />
    </>
  );
}
