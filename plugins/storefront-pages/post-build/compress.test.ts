import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressStaticFiles, isHashedAsset, twinKey } from './compress';

describe('compressStaticFiles', () => {
  let dir: string;
  const page = `<!doctype html><title>x</title>${'<li>Redmi Note 14 Pro</li>'.repeat(300)}`;
  const write = (rel: string, text: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  const exists = (rel: string) => fs.existsSync(path.join(dir, rel));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-compress-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes Brotli and gzip siblings that decode to the file, for text files only', async () => {
    write('id/index.html', page);
    write('id/sitemap.xml', page);
    write('images/a.svg', page);
    write('images/photo.png', page);
    const stats = await compressStaticFiles(dir, ['id', 'images']);
    expect(stats.compressed).toBe(3);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'id/index.html.br'))).toString()).toBe(page);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'id/index.html.gz'))).toString()).toBe(page);
    expect(exists('images/a.svg.br') && exists('id/sitemap.xml.gz')).toBe(true);
    expect(exists('images/photo.png.br')).toBe(false);
  });

  it('skips files whose siblings are newer and redoes those rewritten since', async () => {
    write('id/index.html', page);
    write('id/cart/index.html', page);
    await compressStaticFiles(dir, ['id']);
    const again = await compressStaticFiles(dir, ['id']);
    expect(again).toMatchObject({ compressed: 0, upToDate: 2 });
    const changed = page.replace('Redmi', 'POCO');
    write('id/cart/index.html', changed);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'id/cart/index.html'), later, later);
    const third = await compressStaticFiles(dir, ['id']);
    expect(third).toMatchObject({ compressed: 1, upToDate: 1 });
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'id/cart/index.html.br'))).toString()).toBe(
      changed,
    );
  });

  it('removes siblings of deleted pages and of files that no longer gain from compression', async () => {
    write('id/gone/index.html', page);
    write('id/small/index.html', page);
    await compressStaticFiles(dir, ['id']);
    fs.unlinkSync(path.join(dir, 'id/gone/index.html'));
    write('id/small/index.html', '<p>a</p>');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'id/small/index.html'), later, later);
    const stats = await compressStaticFiles(dir, ['id']);
    expect(stats.removed).toBe(4);
    expect(exists('id/gone/index.html.br') || exists('id/gone/index.html.gz')).toBe(false);
    expect(exists('id/small/index.html.br') || exists('id/small/index.html.gz')).toBe(false);
    expect(exists('id/small/index.html')).toBe(true);
  });

  it('shares a big build out between threads and counts every file once', async () => {
    const pages = Array.from({ length: 1200 }, (_, i) => `id/p${i}/index.html`);
    for (const rel of pages) write(rel, `${page}<p>${rel}</p>`);
    const stats = await compressStaticFiles(dir, ['id']);
    expect(stats).toMatchObject({ compressed: 1200, upToDate: 0, notSmaller: 0 });
    for (const rel of [pages[0]!, pages[601]!, pages[1199]!]) {
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${rel}.gz`))).toString()).toBe(`${page}<p>${rel}</p>`);
    }
    expect(await compressStaticFiles(dir, ['id'])).toMatchObject({ compressed: 0, upToDate: 1200 });
  });

  it("compresses an app page's iOS twin once when their bytes are the same, and each on its own when not", async () => {
    const app = `${page}<p>app webview</p>`;
    // Many pages, so that the jobs are shared out between threads: twins must still meet on one thread.
    const twin = (i: number) => `${app}<p>page ${i}</p>`;
    for (let i = 0; i < 600; i += 1) {
      write(`id/app/p${i}/index.html`, twin(i));
      write(`id/ios/p${i}/index.html`, twin(i));
    }
    write('id/app/different/index.html', `${app}<p>Android</p>`);
    write('id/ios/different/index.html', `${app}<p>iOS</p>`);
    const stats = await compressStaticFiles(dir, ['id']);
    expect(stats).toMatchObject({ compressed: 1202, reused: 600 });
    for (const mode of ['app', 'ios']) {
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `id/${mode}/p7/index.html.br`))).toString()).toBe(
        twin(7),
      );
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `id/${mode}/p599/index.html.gz`))).toString()).toBe(
        twin(599),
      );
    }
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'id/ios/different/index.html.br'))).toString(),
    ).toBe(`${app}<p>iOS</p>`);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'id/app/different/index.html.gz'))).toString()).toBe(
      `${app}<p>Android</p>`,
    );
  });

  it('pairs a page of the iOS webview with the same page of the app webview only', () => {
    const at = (rel: string) => path.join('/srv/public', ...rel.split('/'));
    expect(twinKey(at('id/ios/product/x/index.html'))).toBe(at('id/app/product/x/index.html'));
    expect(twinKey(at('id/app/product/x/index.html'))).toBe(at('id/app/product/x/index.html'));
    expect(twinKey(at('id/product/ios/index.html'))).toBe(at('id/product/app/index.html'));
    expect(twinKey(at('id/product/x/index.html'))).toBe(at('id/product/x/index.html'));
  });

  it('leaves archives that are not siblings alone', async () => {
    write('id/manual.tar.gz', Buffer.from([1, 2, 3]));
    await compressStaticFiles(dir, ['id']);
    expect(exists('id/manual.tar.gz')).toBe(true);
  });

  it('treats the islands folder as content-hashed', () => {
    expect(isHashedAsset('_widgets/runtime.0a1b2c3d.js')).toBe(true);
    expect(isHashedAsset('id/index.html')).toBe(false);
  });
});
