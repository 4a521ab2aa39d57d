import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRelease } from '../plugins/storefront-pages/build-plan/publish';
import { compressStaticFiles } from '../plugins/storefront-pages/post-build/compress';
import { IMMUTABLE, pickEncoding, staticSite } from './static';

// A page big enough that compression pays, as the build writes it.
const page =
  `<!doctype html><html lang="id"><title>Beranda</title>${'<p>Ponsel dan perangkat pintar</p>'.repeat(200)}</` +
  `html>`;
const script = `export const greeting = ${JSON.stringify('halo '.repeat(400))};`;

describe('static delivery: pre-compressed siblings by content negotiation', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-static-'));
    fs.mkdirSync(path.join(root, 'id', 'user', 'message'), { recursive: true });
    fs.mkdirSync(path.join(root, '_widgets'));
    fs.writeFileSync(path.join(root, 'id', 'index.html'), page);
    fs.writeFileSync(path.join(root, 'id', '404.html'), page.replace('Beranda', 'Tidak ditemukan'));
    fs.writeFileSync(path.join(root, 'id', 'user', 'message', 'index.html'), page.replace('Beranda', 'Pesan'));
    fs.writeFileSync(path.join(root, '_widgets', 'runtime.0a1b2c3d.js'), script);
    fs.writeFileSync(path.join(root, 'id', 'service-worker.js'), script);
    fs.writeFileSync(
      path.join(root, '_routes.json'),
      JSON.stringify([{ pattern: '/id/user/message/:id', page: '/id/user/message/' }]),
    );
    await compressStaticFiles(root, ['id', '_widgets']);
    app = Fastify();
    await app.register(staticSite, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends Brotli to a browser that accepts it, with the type, Vary and revalidation of the page', async () => {
    const res = await get('/id/', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('a compressed service worker keeps no-cache and Service-Worker-Allowed for its storefront', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/id/service-worker.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/id/');
    }
  });

  it('sends gzip when Brotli is not accepted (Chromium over http), and the file itself when nothing is', async () => {
    const gz = await get('/id/', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page);
    const plain = await get('/id/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    // The uncompressed answer varies too, or a shared cache would hand it to browsers that accept Brotli.
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('honours q=0 and keeps hashed assets immutable in every encoding', async () => {
    const res = await get('/_widgets/runtime.0a1b2c3d.js', 'br;q=0, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('never serves a sibling under its own name', async () => {
    expect((await get('/id/index.html.br', 'br')).statusCode).toBe(404);
    expect((await get('/_widgets/runtime.0a1b2c3d.js.gz')).statusCode).toBe(404);
  });

  it('negotiates the 404 page and run-time route pages too', async () => {
    const missing = await get('/id/no-such-page/', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(missing.rawPayload).toString()).toContain('Tidak ditemukan');
    const routed = await get('/id/user/message/42', 'gzip');
    expect(routed.statusCode).toBe(200);
    expect(routed.headers['content-encoding']).toBe('gzip');
    expect(String(routed.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.gunzipSync(routed.rawPayload).toString()).toContain('Pesan');
  });
});

describe('static delivery through the release link (a publish while serving)', () => {
  const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(res.rawPayload).toString()
      : res.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(res.rawPayload).toString()
        : res.rawPayload.toString();
  // Each release's page differs in length too, so a body read from one release with the other's size would show.
  const pageOf = (tag: string, title: string) =>
    `<!doctype html><title>${tag} ${title}</title>${`<p>${tag} ${title}</p>`.repeat(tag === 'A' ? 300 : 420)}`;
  const pages = {
    '/id/': 'id/index.html',
    '/id/p/3/': 'id/p/3/index.html',
    '/id/user/message/42': 'id/user/message/index.html',
    '/id/no-such-page/': 'id/404.html',
  };

  async function writeBuild(work: string, tag: string): Promise<void> {
    for (const [url, file] of Object.entries(pages)) {
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      await fs.promises.writeFile(path.join(work, file), pageOf(tag, url)); // in place and async, as Gatsby writes
    }
    fs.writeFileSync(
      path.join(work, '_routes.json'),
      JSON.stringify([{ pattern: '/id/user/message/:id', page: '/id/user/message/' }]),
    );
    await compressStaticFiles(work, ['id']);
  }

  it('answers 404 before the first publish, then each request wholly from A or B while B is published', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-release-serve-'));
    const work = path.join(dir, 'public');
    const releases = path.join(dir, 'releases');
    const app = Fastify();
    await app.register(staticSite, { root: path.join(releases, 'current') });
    await app.ready();
    try {
      expect((await app.inject('/id/')).statusCode).toBe(404);
      // The server never makes the link's place a folder.
      expect(fs.existsSync(path.join(releases, 'current'))).toBe(false);
      await writeBuild(work, 'A');
      await publishRelease({ workDir: work, releasesDir: releases });
      expect((await app.inject('/id/')).body).toBe(pageOf('A', '/id/'));

      const problems: string[] = [];
      const seen = { A: 0, B: 0 };
      let publishing = true;
      const hammer = async () => {
        for (let i = 0; publishing || i < 20; i++) {
          const [url, file] = Object.entries(pages)[i % 4]!;
          const res = await app.inject({ url, headers: { 'accept-encoding': ['br', 'gzip', 'identity'][i % 3]! } });
          const body = decode(res);
          const tag = (['A', 'B'] as const).find((t) => body === pageOf(t, url));
          if (!tag || res.statusCode !== (file.endsWith('404.html') ? 404 : 200))
            problems.push(`${url} ${res.statusCode} ${body.slice(0, 40)}…`);
          else seen[tag] += 1;
        }
      };
      const readers = [hammer(), hammer(), hammer()];
      await writeBuild(work, 'B'); // the build rewrites public/ in place while A is served
      await publishRelease({ workDir: work, releasesDir: releases });
      publishing = false;
      await Promise.all(readers);
      expect(problems).toEqual([]);
      expect(seen.A).toBeGreaterThan(0);
      expect(seen.B).toBeGreaterThan(0);
      expect((await app.inject('/id/p/3/')).body).toBe(pageOf('B', '/id/p/3/'));
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pickEncoding', () => {
  const all = () => true;
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header, '/x.html', all)).toBe(expected);
  });
  it('falls back when the build wrote no sibling', () => {
    expect(pickEncoding('br, gzip', '/x.html', (file) => file.endsWith('.gz'))).toBe('gzip');
    expect(pickEncoding('br, gzip', '/x.html', () => false)).toBeUndefined();
  });
});

describe('an unknown country code in the path', () => {
  let root: string;
  let app: FastifyInstance;
  const us = (title: string) =>
    `<!doctype html><html lang="en-US"><head><title>${title}</title><link rel="canonical" ` +
    `href="http://localhost:8000/us/product-list/"></head><body>${title}</body></html>`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-unknown-'));
    fs.mkdirSync(path.join(root, 'us', 'product-list'), { recursive: true });
    fs.mkdirSync(path.join(root, 'us', 'user', 'order'), { recursive: true });
    fs.writeFileSync(path.join(root, 'us', 'index.html'), us('Home'));
    fs.writeFileSync(path.join(root, 'us', 'product-list', 'index.html'), us('All products'));
    fs.writeFileSync(path.join(root, 'us', 'user', 'order', 'index.html'), us('Order'));
    fs.writeFileSync(path.join(root, 'us', '404.html'), us('Page not found'));
    fs.writeFileSync(
      path.join(root, '_routes.json'),
      JSON.stringify([{ pattern: '/us/user/order/:id', page: '/us/user/order/' }]),
    );
    app = Fastify();
    await app.register(staticSite, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is served as a country with en-US settings: the en-US page of the path, kept out of search indexes', async () => {
    for (const url of ['/zz/product-list/', '/zz/', '/xx-yy/product-list/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<html lang="en-US">');
    }
    expect((await app.inject({ method: 'GET', url: '/zz/product-list/' })).body).toContain(
      'rel="canonical" href="http://localhost:8000/us/product-list/"',
    );
    const runtime = await app.inject({ method: 'GET', url: '/zz/user/order/123' });
    expect(runtime.statusCode).toBe(200);
    expect(runtime.body).toContain('<title>Order</title>');
  });

  it('answers the en-US 404 page only for a path missing there; a real storefront is left alone', async () => {
    const missing = await app.inject({ method: 'GET', url: '/zz/no-such-page/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect(missing.headers['x-robots-tag']).toBe('noindex');
    expect((await app.inject({ method: 'GET', url: '/us/product-list/' })).headers['x-robots-tag']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/zzz/product-list/' })).statusCode).toBe(404);
  });
});
