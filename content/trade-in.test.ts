import { loadTranslations } from './load';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotError } from './snapshot-error';
import { schemaIssues, validateSnapshot } from './validate';
import { tradeInReferencesExist } from './cross-file-rules';
import { countryCurrency } from './storefronts';
import type { TradeInSnapshot } from './schemas/trade-in.schema';
import type { ProductsSnapshot } from './schemas/products.schema';

const root = path.resolve(__dirname);
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
const file = 'content/snapshots/promotions/trade-in.json';
const snapshot = read<TradeInSnapshot>('snapshots/promotions/trade-in.json');
const products = {
  file: 'content/snapshots/catalogue/products.json',
  data: read<ProductsSnapshot>('snapshots/catalogue/products.json'),
};
const english = loadTranslations()['en']!;

function errorOf(run: () => unknown): SnapshotError {
  try {
    run();
  } catch (error) {
    if (error instanceof SnapshotError) return error;
    throw error;
  }
  throw new Error('expected a SnapshotError');
}

describe('trade-in snapshot', () => {
  it('the committed snapshot is valid, passes the cross-file rules and has programmes in id, in, de, es and fr', () => {
    expect(schemaIssues('trade-in', file, snapshot)).toEqual([]);
    expect(tradeInReferencesExist({ file, data: snapshot }, products, countryCurrency, english)).toEqual([]);
    expect(snapshot.countries.map((c) => c.local)).toEqual(expect.arrayContaining(['id', 'in', 'de', 'es', 'fr']));
    for (const c of snapshot.countries) expect(c.quoteValidityDays).toBe(7);
  });

  it('names file, pointer and reason of a bad field', () => {
    const broken = structuredClone(snapshot) as unknown as {
      countries: { models: { storages: Record<string, unknown>[] }[] }[];
    };
    broken.countries[0]!.models[1]!.storages[0]!['baseValue'] = -5;
    const error = errorOf(() => validateSnapshot('trade-in', file, broken));
    expect(error.file).toBe(file);
    expect(error.pointer).toBe('/countries/0/models/1/storages/0/baseValue');
    expect(error.reason).toMatch(/must be >= 1/);

    const missing = structuredClone(snapshot) as unknown as { countries: Record<string, unknown>[] };
    delete missing.countries[2]!['quoteValidityDays'];
    expect(errorOf(() => validateSnapshot('trade-in', file, missing))).toMatchObject({
      pointer: '/countries/2/quoteValidityDays',
      reason: 'required property is missing',
    });

    const question = structuredClone(snapshot) as unknown as { countries: { questions: Record<string, unknown>[] }[] };
    question.countries[0]!.questions[1]!['id'] = 'battery';
    expect(errorOf(() => validateSnapshot('trade-in', file, question))).toMatchObject({
      pointer: '/countries/0/questions/1/id',
    });
    expect(errorOf(() => validateSnapshot('trade-in', file, question)).reason).toContain('got "battery"');

    const storage = structuredClone(snapshot) as unknown as {
      countries: { models: { storages: Record<string, unknown>[] }[] }[];
    };
    storage.countries[1]!.models[0]!.storages[0]!['storage'] = '128 gigs';
    expect(errorOf(() => validateSnapshot('trade-in', file, storage))).toMatchObject({
      pointer: '/countries/1/models/0/storages/0/storage',
    });
  });

  it('cross-checks phones against the catalogue, the currency against the country, ids and labels', () => {
    const bad = structuredClone(snapshot);
    const id = bad.countries[0]!;
    id.phones.push(
      { productId: 'no-such-phone', bonus: 1, subsidy: 0 },
      { productId: 'redmi-watch-5', bonus: 1, subsidy: 0 },
      { ...id.phones[0]! },
    );
    id.currency = 'EUR';
    id.models.push({ ...id.models[0]! });
    id.questions[1]!.options.push({ id: 'mystery', deductionPercent: 1 });
    id.questions[2]!.options = id.questions[2]!.options.map((o) => ({
      ...o,
      deductionPercent: o.deductionPercent + 1,
    }));
    // The Xiaomi 15T is on sale in id and de, not in es.
    bad.countries.find((c) => c.local === 'es')!.phones.push({ productId: 'xiaomi-15t', bonus: 1, subsidy: 0 });
    const issues = tradeInReferencesExist({ file, data: bad }, products, countryCurrency, english);
    const n = id.phones.length;
    const es = bad.countries.findIndex((c) => c.local === 'es');
    expect(issues).toEqual(
      expect.arrayContaining([
        { file, pointer: '/countries/0/currency', message: 'currency must be IDR (the currency of "id"), got "EUR"' },
        {
          file,
          pointer: `/countries/0/models/${id.models.length - 1}/id`,
          message: 'model "xiaomi-13" is listed twice',
        },
        {
          file,
          pointer: '/countries/0/questions/1/options/4/id',
          message: 'the English catalogue has no label "tradeIn.answer.screen.mystery"',
        },
        {
          file,
          pointer: '/countries/0/questions/2/options',
          message: 'question "body" has no answer that keeps the full value',
        },
        {
          file,
          pointer: `/countries/0/phones/${n - 3}/productId`,
          message: 'product "no-such-phone" is not in the catalogue',
        },
        {
          file,
          pointer: `/countries/0/phones/${n - 2}/productId`,
          message: 'product "redmi-watch-5" is not a phone (category "wearables")',
        },
        {
          file,
          pointer: `/countries/0/phones/${n - 1}/productId`,
          message: `phone "${id.phones[0]!.productId}" is listed twice`,
        },
        {
          file,
          pointer: `/countries/${es}/phones/${bad.countries[es]!.phones.length - 1}/productId`,
          message: 'product "xiaomi-15t" is not on sale in "es"',
        },
      ]),
    );
    expect(issues).toHaveLength(8);
  });
});
