import { describe, expect, it } from 'vitest';
import { loadContent } from './load';
import { schemaIssues } from './validate';
import { serviceCentresHold } from './service-centre-rules';
import { buildServiceCentres } from './tools/build-service-centres';
import type { ServiceCentresSnapshot } from './schemas/service-centres.schema';
import { countryCurrency } from './storefronts';

const FILE = 'content/snapshots/support/service-centres.json';
const locals = new Set(Object.keys(countryCurrency));
const copy = (): ServiceCentresSnapshot => JSON.parse(JSON.stringify(buildServiceCentres())) as ServiceCentresSnapshot;

describe('service-centre snapshot', () => {
  it('the committed snapshot loads with the content bundle and equals its generator', () => {
    const bundle = loadContent();
    expect(bundle.serviceCentres).toEqual(buildServiceCentres().countries);
    // Every storefront country has its centres, the launch countries first.
    expect(bundle.serviceCentres.map((c) => c.local).slice(0, 5)).toEqual(['id', 'in', 'de', 'fr', 'es']);
    expect(new Set(bundle.serviceCentres.map((c) => c.local))).toEqual(locals);
  });

  it('the schema names the file, pointer and reason of a bad entry', () => {
    const bad = copy() as unknown as { countries: { centres: Record<string, unknown>[] }[] };
    bad.countries[0]!.centres[1]!['hours'] = {
      ...(bad.countries[0]!.centres[1]!['hours'] as object),
      mon: { open: '9am', close: '18:00' },
    };
    bad.countries[0]!.centres[0]!['services'] = ['repair', 'teleport'];
    bad.countries[1]!.centres[0]!['capacity'] = 0;
    const issues = schemaIssues('service-centres', FILE, bad);
    const pointers = issues.map((i) => i.pointer);
    expect(pointers).toContain('/countries/0/centres/1/hours/mon/open');
    expect(pointers).toContain('/countries/0/centres/0/services/1');
    expect(pointers).toContain('/countries/1/centres/0/capacity');
    expect(issues.every((i) => i.file === FILE)).toBe(true);
  });

  it('cross rules: unique ids, known countries once, hours that close after they open and hold a slot', () => {
    expect(serviceCentresHold({ file: FILE, data: copy() }, locals)).toEqual([]);
    const bad = copy();
    const first = bad.countries[0]!;
    first.centres[1] = {
      ...first.centres[1]!,
      id: first.centres[0]!.id,
      hours: {
        ...first.centres[1]!.hours,
        tue: { open: '18:00', close: '09:00' },
        wed: { open: '09:00', close: '09:15' },
      },
    };
    const n = bad.countries.length;
    bad.countries.push({ ...bad.countries[1]!, local: 'id' }, { ...bad.countries[1]!, local: 'zz' });
    const issues = serviceCentresHold({ file: FILE, data: bad }, locals);
    expect(issues).toEqual(
      expect.arrayContaining([
        { file: FILE, pointer: '/countries/0/centres/1/id', message: 'duplicate centre id "id-jakarta-sudirman"' },
        { file: FILE, pointer: '/countries/0/centres/1/hours/tue', message: 'closes (09:00) before it opens (18:00)' },
        {
          file: FILE,
          pointer: '/countries/0/centres/1/hours/wed',
          message: 'open 15 minutes, shorter than one 30-minute slot',
        },
        { file: FILE, pointer: `/countries/${n}/local`, message: 'country "id" is listed twice' },
        { file: FILE, pointer: `/countries/${n + 1}/local`, message: 'unknown country "zz"' },
      ]),
    );
  });
});
