import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent, loadTranslations, SnapshotError } from './load';
import { contentStorefronts, requiredCatalogues } from './storefronts';

const contentRoot = path.resolve(__dirname);

describe('loadContent on the committed content', () => {
  const bundle = loadContent();
  it('returns every kind of snapshot, typed', () => {
    expect(bundle.products.length).toBeGreaterThanOrEqual(60);
    expect(bundle.categories.map((c) => c.id).sort()).toEqual([
      'accessories',
      'appliances',
      'phones',
      'refurbished',
      'scooters',
      'tablets',
      'tvs',
      'wearables',
    ]);
    expect(Object.keys(bundle.headerFooters).sort()).toEqual(contentStorefronts.map((s) => s.urlLocal).sort());
    expect(bundle.pages.find((p) => p.path === '/')?.kind).toBe('content');
    expect(bundle.faq.categories.length).toBeGreaterThanOrEqual(6);
    expect(bundle.articles.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(bundle.translations).sort()).toEqual([...requiredCatalogues].sort());
  });
  it('leaves _meta out of the UI strings', () => {
    expect(loadTranslations()['id']?.['product.addToCart']).toBe('Tambah ke keranjang');
  });
});

describe('loadContent on a broken copy', () => {
  let project: string;
  let root: string;
  beforeAll(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'content-load-'));
    root = path.join(project, 'content');
    for (const dir of ['snapshots', 'locales', 'images'])
      fs.cpSync(path.join(contentRoot, dir), path.join(root, dir), { recursive: true });
  });
  afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

  function edit(file: string, change: (data: any) => void): () => void {
    const full = path.join(root, file);
    const original = fs.readFileSync(full, 'utf8');
    const data = JSON.parse(original);
    change(data);
    fs.writeFileSync(full, JSON.stringify(data));
    return () => fs.writeFileSync(full, original);
  }
  function failure(): SnapshotError {
    try {
      loadContent(root);
    } catch (error) {
      if (error instanceof SnapshotError) return error;
      throw error;
    }
    throw new Error('expected loadContent to fail');
  }

  it('loads the untouched copy', () => expect(loadContent(root).products.length).toBeGreaterThan(0));

  it('names the file relative to the project, the pointer and the reason of a schema error', () => {
    const restore = edit('snapshots/support/faq.json', (faq) => {
      faq.categories[2].items[1].question = 42;
    });
    const error = failure();
    restore();
    expect(error.file).toBe('content/snapshots/support/faq.json');
    expect(error.pointer).toBe('/categories/2/items/1/question');
    expect(error.message).toBe(
      'content/snapshots/support/faq.json /categories/2/items/1/question: must be object, got number',
    );
  });

  it('reports invalid JSON', () => {
    const full = path.join(root, 'snapshots/pages/event-pages.json');
    const original = fs.readFileSync(full, 'utf8');
    fs.writeFileSync(full, original.slice(0, 200));
    const error = failure();
    fs.writeFileSync(full, original);
    expect(error.file).toBe('content/snapshots/pages/event-pages.json');
    expect(error.reason).toMatch(/^not valid JSON/);
  });

  it('stops on a cross-file problem (unknown product in a storefront menu)', () => {
    const restore = edit('snapshots/header-footer/de.json', (hf) => {
      hf.header.main[0].children[0].products[0].productId = 'gone-phone';
    });
    const error = failure();
    restore();
    expect(error.file).toBe('content/snapshots/header-footer/de.json');
    expect(error.pointer).toBe('/header/main/0/children/0/products/0/productId');
  });

  it('stops when a storefront has no header-footer file', () => {
    const file = path.join(root, 'snapshots/header-footer/kz-kk.json');
    const kept = fs.readFileSync(file);
    fs.rmSync(file);
    const error = failure();
    fs.writeFileSync(file, kept);
    expect(error.message).toBe(
      'content/snapshots/header-footer/kz-kk.json /: storefront kz-kk has no header-footer snapshot',
    );
  });

  it('stops when a catalogue file holds a key of another namespace', () => {
    const restore = edit('locales/fr/common.json', (t) => {
      t['checkout.placeOrder'] = 'Commander';
    });
    const error = failure();
    restore();
    expect(error.file).toBe('content/locales/fr/common.json');
    expect(error.pointer).toBe('/checkout.placeOrder');
    expect(error.message).toMatch(/belongs in checkout\.json/);
  });
});
