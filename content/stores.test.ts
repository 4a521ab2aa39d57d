import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotError } from './snapshot-error';
import { schemaIssues, validateSnapshot } from './validate';
import { storesHold } from './stores-rules';
import { countryCurrency } from './storefronts';
import { loadContent } from './load';
import { buildStores } from './tools/build-stores';
import type { StoresSnapshot } from './schemas/stores.schema';

const root = path.resolve(__dirname);
const file = 'content/snapshots/stores/stores.json';
const snapshot = JSON.parse(fs.readFileSync(path.join(root, 'snapshots/stores/stores.json'), 'utf8')) as StoresSnapshot;
const countries = new Set(Object.keys(countryCurrency));

function errorOf(run: () => unknown): SnapshotError {
  try {
    run();
  } catch (error) {
    if (error instanceof SnapshotError) return error;
    throw error;
  }
  throw new Error('expected a SnapshotError');
}

describe('stores snapshot', () => {
  it('the committed snapshot is what the generator writes, valid, and passes the cross-file rules', () => {
    expect(snapshot).toEqual(JSON.parse(JSON.stringify(buildStores())));
    expect(schemaIssues('stores', file, snapshot)).toEqual([]);
    expect(storesHold({ file, data: snapshot }, countries)).toEqual([]);
    expect(snapshot.countries.map((c) => c.local)).toEqual(
      expect.arrayContaining(['id', 'de', 'fr', 'es', 'in', 'ae']),
    );
  });

  it('names file, pointer and reason of a bad field', () => {
    const broken = structuredClone(snapshot) as unknown as { countries: { stores: Record<string, unknown>[] }[] };
    broken.countries[0]!.stores[1]!['latitude'] = 123;
    const error = errorOf(() => validateSnapshot('stores', file, broken));
    expect(error.file).toBe(file);
    expect(error.pointer).toBe('/countries/0/stores/1/latitude');
    expect(error.reason).toMatch(/<= 90/);
    expect(error.message).toBe(`${file} /countries/0/stores/1/latitude: ${error.reason}`);

    const noHours = structuredClone(snapshot) as unknown as { countries: { stores: Record<string, unknown>[] }[] };
    delete noHours.countries[1]!.stores[0]!['hours'];
    expect(errorOf(() => validateSnapshot('stores', file, noHours))).toMatchObject({
      pointer: '/countries/1/stores/0/hours',
      reason: 'required property is missing',
    });

    const badTime = structuredClone(snapshot);
    badTime.countries[0]!.stores[0]!.hours[0]!.opens = '25:00';
    expect(errorOf(() => validateSnapshot('stores', file, badTime)).pointer).toBe(
      '/countries/0/stores/0/hours/0/opens',
    );
  });

  it('cross-file rules: unknown country, repeated store id, a day listed twice, closing before opening', () => {
    const broken = structuredClone(snapshot);
    broken.countries[0]!.local = 'xx';
    broken.countries[1]!.stores[0]!.storeId = broken.countries[2]!.stores[0]!.storeId;
    const first = broken.countries[0]!.stores[0]!;
    first.hours = [
      { days: ['mon', 'tue'], opens: '10:00', closes: '18:00' },
      { days: ['tue'], opens: '12:00', closes: '11:00' },
    ];
    const issues = storesHold({ file, data: broken }, countries);
    expect(issues).toEqual(
      expect.arrayContaining([
        { file, pointer: '/countries/0/local', message: '"xx" is not a country of region-config' },
        { file, pointer: '/countries/0/stores/0/hours/1/days', message: '"tue" already has opening hours' },
        {
          file,
          pointer: '/countries/0/stores/0/hours/1/closes',
          message: 'closes at 11:00, not after it opens (12:00)',
        },
        expect.objectContaining({ file, pointer: '/countries/2/stores/0/storeId' }),
      ]),
    );
  });

  it('a broken stores file stops loadContent with file, pointer and reason', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'content-stores-'));
    try {
      fs.cpSync(root, copy, {
        recursive: true,
        filter: (src) => !src.includes(`${path.sep}images`) || src.endsWith('images'),
      });
      const broken = structuredClone(snapshot) as unknown as { countries: { stores: Record<string, unknown>[] }[] };
      broken.countries[0]!.stores[0]!['kind'] = 'kiosk';
      fs.writeFileSync(path.join(copy, 'snapshots/stores/stores.json'), JSON.stringify(broken));
      const error = errorOf(() => loadContent(copy));
      const issue = error.issues.find((i) => i.pointer === '/countries/0/stores/0/kind');
      expect(issue?.file).toMatch(/snapshots\/stores\/stores\.json$/);
      expect(issue?.message).toMatch(/must be one of "xiaomi-store", "authorised-store", "service-point", got "kiosk"/);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
