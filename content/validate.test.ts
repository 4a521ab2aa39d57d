import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotError } from './snapshot-error';
import { schemaIssues, validateSnapshot } from './validate';

const root = path.resolve(__dirname);
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const clone = <T>(value: T): T => structuredClone(value);

/** Runs validateSnapshot and returns the SnapshotError it throws (fails the test if it does not throw). */
function errorOf(run: () => unknown): SnapshotError {
  try {
    run();
  } catch (error) {
    if (error instanceof SnapshotError) return error;
    throw error;
  }
  throw new Error('expected a SnapshotError');
}

describe('validateSnapshot on committed snapshots', () => {
  const files: [Parameters<typeof schemaIssues>[0], string][] = [
    ['products', 'snapshots/catalogue/products.json'],
    ['categories', 'snapshots/catalogue/categories.json'],
    ['faq', 'snapshots/support/faq.json'],
    ['articles', 'snapshots/support/articles.json'],
    ...fs
      .readdirSync(path.join(root, 'snapshots/pages'))
      .map((f): ['pages', string] => ['pages', `snapshots/pages/${f}`]),
    ...fs
      .readdirSync(path.join(root, 'snapshots/header-footer'))
      .map((f): ['header-footer', string] => ['header-footer', `snapshots/header-footer/${f}`]),
    ...fs
      .readdirSync(path.join(root, 'locales'))
      .flatMap((c) =>
        fs
          .readdirSync(path.join(root, 'locales', c))
          .map((f): ['translation', string] => ['translation', `locales/${c}/${f}`]),
      ),
  ];
  it.each(files)('%s %s is valid', (kind, file) => {
    expect(schemaIssues(kind, file, read(file))).toEqual([]);
  });
});

describe('validateSnapshot on broken snapshots', () => {
  const file = 'content/snapshots/catalogue/products.json';
  const products = read('snapshots/catalogue/products.json') as { products: Record<string, unknown>[] };

  it('names file, pointer and reason of a missing required field', () => {
    const broken = clone(products);
    delete broken.products[3]!['name'];
    const error = errorOf(() => validateSnapshot('products', file, broken));
    expect(error.code).toBe('SNAPSHOT_INVALID');
    expect(error.fault).toBe('user');
    expect(error.file).toBe(file);
    expect(error.pointer).toBe('/products/3/name');
    expect(error.reason).toBe('required property is missing');
    expect(error.message).toBe(`${file} /products/3/name: required property is missing`);
  });

  it('reports a wrong type with the expected and actual types', () => {
    const broken = clone(products) as {
      products: { commodities: { offers: Record<string, { salePrice: unknown }> }[] }[];
    };
    broken.products[0]!.commodities[0]!.offers['id']!.salePrice = '4.299.000';
    const error = errorOf(() => validateSnapshot('products', file, broken));
    expect(error.pointer).toBe('/products/0/commodities/0/offers/id/salePrice');
    expect(error.reason).toBe('must be number, got string');
  });

  it('reports a bad enum value with the allowed values', () => {
    const broken = clone(products);
    broken.products[1]!['category'] = 'laptops';
    const error = errorOf(() => validateSnapshot('products', file, broken));
    expect(error.pointer).toBe('/products/1/category');
    expect(error.reason).toContain('must be one of "phones", "tvs"');
    expect(error.reason).toContain('got "laptops"');
  });

  it('reports an unknown property at its own pointer', () => {
    const broken = clone(products);
    broken.products[2]!['colour'] = 'red';
    const error = errorOf(() => validateSnapshot('products', file, broken));
    expect(error.pointer).toBe('/products/2/colour');
    expect(error.reason).toMatch(/unknown property/);
  });

  it('collects every problem (allErrors) and counts them in the message', () => {
    const broken = clone(products);
    delete broken.products[0]!['name'];
    delete broken.products[5]!['image'];
    const error = errorOf(() => validateSnapshot('products', file, broken));
    expect(error.issues.map((i) => i.pointer)).toEqual(
      expect.arrayContaining(['/products/0/name', '/products/5/image']),
    );
    expect(error.message).toMatch(/\(and \d+ more problems?\)$/);
  });

  it('reports an unknown page block type and a bad countdown date', () => {
    const pages = read('snapshots/pages/event-pages.json') as { pages: { blocks: Record<string, unknown>[] }[] };
    const unknownType = clone(pages);
    unknownType.pages[0]!.blocks[0]!['type'] = 'carousel';
    const typeError = errorOf(() => validateSnapshot('pages', 'content/snapshots/pages/event-pages.json', unknownType));
    expect(typeError.pointer).toBe('/pages/0/blocks/0/type');
    expect(typeError.reason).toContain('got "carousel"');

    const badDate = clone(pages);
    const countdown = badDate.pages[0]!.blocks.find((b) => b['type'] === 'countdown')!;
    countdown['endsAt'] = '30/11/2026';
    const index = badDate.pages[0]!.blocks.indexOf(countdown);
    const dateError = errorOf(() => validateSnapshot('pages', 'content/snapshots/pages/event-pages.json', badDate));
    expect(dateError.pointer).toBe(`/pages/0/blocks/${index}/endsAt`);
    expect(dateError.reason).toBe('"30/11/2026" is not a valid date-time');
  });

  it('rejects a header-footer submenu style outside 1–4 and an empty translation', () => {
    const hf = read('snapshots/header-footer/id.json') as { header: { main: Record<string, unknown>[] } };
    hf.header.main[0]!['submenuStyle'] = 5;
    const error = errorOf(() => validateSnapshot('header-footer', 'content/snapshots/header-footer/id.json', hf));
    expect(error.pointer).toBe('/header/main/0/submenuStyle');
    expect(error.reason).toBe('must be one of 1, 2, 3, 4, got 5');

    const catalogue = { ...(read('locales/de/checkout.json') as Record<string, string>), 'cart.empty': '' };
    const empty = errorOf(() => validateSnapshot('translation', 'content/locales/de/checkout.json', catalogue));
    expect(empty.pointer).toBe('/cart.empty');
  });

  it('rejects a document of the wrong type at the root', () => {
    const error = errorOf(() => validateSnapshot('faq', 'content/snapshots/support/faq.json', []));
    expect(error.pointer).toBe('');
    expect(error.message).toBe('content/snapshots/support/faq.json /: must be object, got array');
  });
});
