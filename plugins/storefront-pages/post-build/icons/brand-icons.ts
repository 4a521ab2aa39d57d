import fs from 'node:fs';
import path from 'node:path';
import { APP_ICONS, APPLE_TOUCH_ICON, BRAND_COLOR, BRAND_ICON_DIR, BRAND_MARK } from '../../../../sites/brand';
import { encodeIco, encodePng } from './png';
import { rasterize, roundedRectPath, type Layer } from './raster';

const { size: viewBox, radius, glyph } = BRAND_MARK;
const mark: Layer[] = [
  { d: roundedRectPath(0, 0, viewBox, viewBox, radius), fill: BRAND_COLOR },
  { d: glyph, fill: '#ffffff' },
];
const square = `M0 0H${viewBox}V${viewBox}H0Z`;
// The system rounds a touch icon's corners itself: full-bleed colour.
const touch: Layer[] = [
  { d: square, fill: BRAND_COLOR },
  { d: glyph, fill: '#ffffff' },
];
// A maskable icon is cropped to a circle or squircle: full-bleed colour, the glyph shrunk into the safe zone
// (the circle of 40 % radius).
const maskable: Layer[] = [
  { d: square, fill: BRAND_COLOR },
  { d: glyph, fill: '#ffffff', inset: 0.1 },
];

function png(layers: Layer[], size: number): Buffer {
  return encodePng(rasterize(layers, viewBox, size), size);
}

/** Every icon file, by its path under public/. */
export function brandIconFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set('favicon.ico', encodeIco([16, 32, 48].map((size) => ({ size, png: png(mark, size) }))));
  const dir = BRAND_ICON_DIR.replace(/^\//, '');
  files.set(APPLE_TOUCH_ICON.slice(1), png(touch, 180));
  files.set(`${dir}icon-192.png`, png(mark, 192));
  files.set(`${dir}icon-512.png`, png(mark, 512));
  files.set(`${dir}icon-maskable-512.png`, png(maskable, 512));
  return files;
}

/** Changes when the drawing or the list of files does; drawing them all takes a second or two. */
const ICONS_KEY = JSON.stringify({ version: 2, BRAND_COLOR, BRAND_MARK, APP_ICONS });

/**
 * Writes /favicon.ico (browsers and crawlers ask for it at the root, whatever the page links) and the brand
 * icons, rewriting a file only when its bytes change so its compressed siblings and caches stay valid. A
 * dotfile (never served) remembers what was drawn, so later builds skip the drawing.
 */
export function writeBrandIcons(publicDir: string): void {
  const stamp = path.join(publicDir, BRAND_ICON_DIR, '.drawn');
  const names = ['favicon.ico', APPLE_TOUCH_ICON.slice(1), ...APP_ICONS.map((icon) => icon.src.slice(1))];
  if (
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === ICONS_KEY &&
    names.every((name) => fs.existsSync(path.join(publicDir, name)))
  )
    return;
  for (const [rel, data] of brandIconFiles()) {
    const file = path.join(publicDir, rel);
    if (fs.existsSync(file) && fs.readFileSync(file).equals(data)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
  }
  fs.writeFileSync(stamp, ICONS_KEY);
}
