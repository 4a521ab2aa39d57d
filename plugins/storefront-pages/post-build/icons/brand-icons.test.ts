import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, BRAND_COLOR } from '../../../../sites/brand';
import { writeWebAppManifests, webAppManifest } from '../web-app-manifest';
import { brandIconFiles, writeBrandIcons } from './brand-icons';
import { pathPolygons, rasterize, roundedRectPath } from './raster';

/** The RGBA pixels of a PNG written by encodePng (8-bit RGBA, filter 0 on every row). */
function decodePng(png: Buffer): { size: number; pixel: (x: number, y: number) => number[] } {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const size = png.readUInt32BE(16);
  const idat = png.indexOf('IDAT');
  const rows = zlib.inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  return { size, pixel: (x, y) => [...rows.subarray(y * (size * 4 + 1) + 1 + x * 4, y * (size * 4 + 1) + 5 + x * 4)] };
}

describe('the brand mark rasteriser', () => {
  it('follows arcs and the non-zero rule: a rounded square is clear in its corners and full inside', () => {
    const rgba = rasterize([{ d: roundedRectPath(0, 0, 40, 40, 12), fill: '#ff6900' }], 40, 40);
    const alpha = (x: number, y: number) => rgba[(y * 40 + x) * 4 + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(20, 20)).toBe(255);
    expect(alpha(20, 0)).toBe(255);
    expect([...rgba.subarray((20 * 40 + 20) * 4, (20 * 40 + 20) * 4 + 3)]).toEqual([255, 105, 0]);
  });

  it('reads relative and absolute commands', () => {
    expect(pathPolygons('M0 0h10v10H0Z')).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
    ]);
    expect(() => pathPolygons('M0 0Q1 1 2 2')).toThrow(/not supported/);
  });
});

describe('favicon and app icons', () => {
  const files = brandIconFiles();

  it('draws the mark: brand colour at the edge of the glyph, white on the glyph', () => {
    const icon = decodePng(files.get('images/brand/icon-192.png')!);
    expect(icon.size).toBe(192);
    const brand = [
      parseInt(BRAND_COLOR.slice(1, 3), 16),
      parseInt(BRAND_COLOR.slice(3, 5), 16),
      parseInt(BRAND_COLOR.slice(5, 7), 16),
      255,
    ];
    expect(icon.pixel(96, 20)).toEqual(brand);
    expect(icon.pixel(0, 0)[3]).toBe(0); // the rounded corner is transparent
    // The glyph's left leg spans x 9–13 of 40 and y 12–28.
    expect(icon.pixel(Math.round((11 / 40) * 192), 96)).toEqual([255, 255, 255, 255]);
    // The maskable icon fills its whole square.
    expect(decodePng(files.get('images/brand/icon-maskable-512.png')!).pixel(0, 0)).toEqual(brand);
  });

  it('writes an .ico of PNG images in three sizes, and every icon the manifest names', () => {
    const ico = files.get('favicon.ico')!;
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(3);
    expect([ico[6], ico[22], ico[38]]).toEqual([16, 32, 48]);
    const first = ico.readUInt32LE(6 + 12);
    expect(ico.subarray(first + 1, first + 4).toString('ascii')).toBe('PNG');
    for (const icon of APP_ICONS) expect(files.has(icon.src.slice(1)), icon.src).toBe(true);
  });

  it('gives the manifest PNG icons only, 192 and 512 px among them (an SVG icon costs each page a document)', () => {
    expect(APP_ICONS.map((icon) => icon.type)).toEqual(APP_ICONS.map(() => 'image/png'));
    expect(APP_ICONS.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of APP_ICONS)
      expect(decodePng(files.get(icon.src.slice(1))!).size, icon.src).toBe(Number(icon.sizes.split('x')[0]));
  });

  it('writes the files once and leaves them alone when nothing changed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-icons-'));
    try {
      writeBrandIcons(dir);
      const ico = path.join(dir, 'favicon.ico');
      const before = fs.statSync(ico).mtimeMs;
      writeBrandIcons(dir);
      expect(fs.statSync(ico).mtimeMs).toBe(before);
      fs.mkdirSync(path.join(dir, 'ae-ar'));
      writeWebAppManifests(dir, [
        { urlLocal: 'ae-ar', lang: 'ar-AE', dir: 'rtl', siteName: 'Mi Store الإمارات' },
        { urlLocal: 'de', lang: 'de-DE', dir: 'ltr', siteName: 'Mi Store Deutschland' },
      ]);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'ae-ar', 'manifest.webmanifest'), 'utf8'))).toMatchObject({
        lang: 'ar-AE',
        dir: 'rtl',
        scope: '/ae-ar/',
      });
      expect(fs.existsSync(path.join(dir, 'de'))).toBe(false); // only storefronts present in public/
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('webAppManifest', () => {
  it('keeps an installed storefront inside its own prefix', () => {
    expect(
      webAppManifest({ urlLocal: 'be-fr', lang: 'fr-BE', dir: 'ltr', siteName: 'Mi Store Belgique (Français)' }),
    ).toMatchObject({
      id: '/be-fr/',
      start_url: '/be-fr/',
      scope: '/be-fr/',
      name: 'Mi Store Belgique (Français)',
      display: 'standalone',
      theme_color: BRAND_COLOR,
    });
  });
});
