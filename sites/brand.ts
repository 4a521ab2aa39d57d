/**
 * The brand mark: the header's logo, the favicon and the app icons all draw this one geometry (a 40×40 rounded
 * square in the brand colour with the white glyph), so they never drift apart.
 */
export const BRAND_COLOR = '#ff6900';
/** The page background behind the app while it starts (web app manifest). */
export const BRAND_BACKGROUND = '#ffffff';

export const BRAND_MARK = {
  size: 40,
  radius: 12,
  glyph: 'M9 12h14a6 6 0 0 1 6 6v10h-4V18a2 2 0 0 0-2-2H13v12H9V12Zm8 7h4v9h-4v-9Zm14-7h4v16h-4V12Z',
} as const;

/** Where the brand icons are served (public/images/brand/, shared by every storefront). */
export const BRAND_ICON_DIR = '/images/brand/';
export const APPLE_TOUCH_ICON = `${BRAND_ICON_DIR}apple-touch-icon.png`;

/**
 * The icons of the web app manifest: the mark as drawn, and a maskable one with its safe zone. PNG only: Chromium
 * fetches a manifest icon while the page loads and decodes it on the page's main thread, and an SVG icon costs a
 * whole SVG document there (a task of tens of milliseconds on a phone) where a PNG is a plain image decode.
 */
export const APP_ICONS = [
  { src: `${BRAND_ICON_DIR}icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: `${BRAND_ICON_DIR}icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: `${BRAND_ICON_DIR}icon-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** A storefront's web app manifest (written by the build into its folder). */
export function manifestPath(urlLocal: string): string {
  return `/${urlLocal}/manifest.webmanifest`;
}
