import { APPLE_TOUCH_ICON, FAVICON_SVG, manifestPath } from '../../sites/brand';
import type { PageContext } from '../page-context';

/**
 * The storefront's icons and web app manifest in every page's head. The .ico at the root is for browsers and
 * crawlers that ask for it by that name; browsers that read SVG icons pick the sharper one.
 */
export function AppHead({ storefront }: Pick<PageContext, 'storefront'>) {
  return (
    <>
      <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
      <link rel="icon" href={FAVICON_SVG} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
      <link rel="manifest" href={manifestPath(storefront.urlLocal)} />
    </>
  );
}
