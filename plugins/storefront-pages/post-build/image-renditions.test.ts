import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renditionWidths } from '../../../sites/image-renditions';
import { writeImageRenditions } from './image-renditions';

const picture = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect ` +
  `width="400" height="400" fill="${fill}"/><circle cx="200" cy="200" r="120" fill="#fff"/></svg>`;

describe('writeImageRenditions', () => {
  let root: string;
  let source: string;
  let publicDir: string;
  let record: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(source, rel)), { recursive: true });
    fs.writeFileSync(path.join(source, rel), text);
  };
  const run = () => writeImageRenditions(source, publicDir, record);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-renditions-'));
    source = path.join(root, 'content-images');
    publicDir = path.join(root, 'public');
    record = path.join(root, 'cache', 'renditions.json');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('draws every width of every catalogue picture as WebP of that width, and leaves line art alone', async () => {
    write('products/phone.svg', picture('#ff6900'));
    write('categories/tvs.svg', picture('#191919'));
    write('brand/logo.svg', picture('#000'));
    const result = await run();
    expect(result).toMatchObject({
      sources: 2,
      drawn: renditionWidths.products.length + renditionWidths.categories.length,
    });
    for (const width of renditionWidths.products) {
      const meta = await sharp(path.join(publicDir, `images/products/phone.w${width}.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width]);
    }
    expect(fs.existsSync(path.join(publicDir, 'images/categories/tvs.w128.webp'))).toBe(true);
    expect(fs.readdirSync(path.join(publicDir, 'images')).sort()).toEqual(['categories', 'products']);
  });

  it('draws nothing again for unchanged sources, and again what changed or went missing', async () => {
    write('products/phone.svg', picture('#ff6900'));
    write('products/tv.svg', picture('#191919'));
    await run();
    expect((await run()).drawn).toBe(0);

    write('products/tv.svg', picture('#0a0'));
    fs.rmSync(path.join(publicDir, 'images/products/phone.w96.webp'));
    expect((await run()).drawn).toBe(2 * renditionWidths.products.length);
    const { dominant } = await sharp(path.join(publicDir, 'images/products/tv.w96.webp')).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it('stops the build naming a picture it cannot draw', async () => {
    write('banners/broken.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect');
    await expect(run()).rejects.toThrow(/banners\/broken\.svg: cannot be drawn/);
  });
});
