import { describe, expect, it } from 'vitest';
import { loadContent } from './load';
import { headerFootersLinkRunningProgrammes } from './programme-rules';
import { linkRuns, PROGRAMME_IDS, PROGRAMMES, programmeOfPath, programmeRuns, type ProgrammeData } from './programmes';
import { contentStorefronts, countryCurrency } from './storefronts';
import { buildProducts } from './tools/build-catalogue';
import { buildHeaderFooter } from './tools/build-header-footer';
import { programmeData } from './tools/programme-data';

const content = loadContent();
const countryOf = new Map(contentStorefronts.map((s) => [s.urlLocal, s.local]));
const committed = contentStorefronts.map((s) => ({
  file: `content/snapshots/header-footer/${s.urlLocal}.json`,
  data: content.headerFooters[s.urlLocal]!,
}));

/** The programme data with `local` taken out of programme `id`'s snapshot: the country no longer runs it. */
function without(data: ProgrammeData, id: (typeof PROGRAMME_IDS)[number], local: string): ProgrammeData {
  switch (id) {
    case 'trade-in':
      return { ...data, tradeIn: data.tradeIn.filter((c) => c.local !== local) };
    case 'stores':
      return { ...data, stores: data.stores.filter((c) => c.local !== local) };
    case 'service-centres':
      return { ...data, serviceCentres: data.serviceCentres.filter((c) => c.local !== local) };
    case 'new-user':
      return { ...data, coupons: data.coupons.filter((c) => c.local !== local) };
    case 'student-program':
      return {
        ...data,
        pages: data.pages.map((p) =>
          p.path === '/p/student-program/'
            ? { ...p, regions: Object.keys(countryCurrency).filter((code) => code !== local) }
            : p,
        ),
      };
  }
}

/** Every link of a header-footer, wherever it sits. */
const linksOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(linksOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) =>
          (key === 'url' || key === 'gotoUrl') && typeof item === 'string' ? [item] : linksOf(item),
        )
      : [];

describe('which programmes a country runs', () => {
  it('a path belongs to the programme whose page it is, queries and trailing slashes aside', () => {
    expect(programmeOfPath('/trade-in/')).toBe('trade-in');
    expect(programmeOfPath('/trade-in')).toBe('trade-in');
    expect(programmeOfPath('/trade-in/?from=footer')).toBe('trade-in');
    expect(programmeOfPath('/support/trade-in/order/')).toBe('trade-in');
    expect(programmeOfPath('/trade-in-faqs/')).toBeUndefined();
    expect(programmeOfPath('/store/xiaomi-store/')).toBe('stores');
    expect(programmeOfPath('/store/xiaomi-store/detail/62001/')).toBe('stores');
    expect(programmeOfPath('/store/new-products/')).toBeUndefined();
    expect(programmeOfPath('/support/service-center/')).toBe('service-centres');
    expect(programmeOfPath('/new-user/')).toBe('new-user');
    expect(programmeOfPath('/p/student-program/#faq')).toBe('student-program');
    expect(programmeOfPath('/support/')).toBeUndefined();
  });

  it('a link runs unless it leads to the page of a programme the country lacks; other links always run', () => {
    const noKoreanTradeIn = without(content, 'trade-in', 'kr');
    expect(linkRuns(noKoreanTradeIn, 'kr', '/kr/trade-in/', '/kr')).toBe(false);
    expect(linkRuns(noKoreanTradeIn, 'kr', '/trade-in/')).toBe(false);
    expect(linkRuns(noKoreanTradeIn, 'jp', '/jp/trade-in/', '/jp')).toBe(true);
    expect(linkRuns(noKoreanTradeIn, 'kr', '/kr/support/', '/kr')).toBe(true);
    expect(linkRuns(noKoreanTradeIn, 'kr', 'https://www.mi.com/trade-in/')).toBe(true);
  });

  it('every storefront country runs every programme, each read from its own snapshot', () => {
    const missing = Object.keys(countryCurrency).flatMap((local) =>
      PROGRAMME_IDS.filter((id) => !programmeRuns(content, id, local)).map((id) => `${local}: ${id}`),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(countryCurrency)).toHaveLength(56);
  });
});

describe('no header or footer links a programme its country does not run', () => {
  it('the committed header-footers of all 63 storefronts pass', () => {
    expect(committed).toHaveLength(63);
    expect(headerFootersLinkRunningProgrammes(committed, countryOf, content)).toEqual([]);
  });

  it('fails, naming file, pointer and programme, when a footer links trade-in where there is none', () => {
    const issues = headerFootersLinkRunningProgrammes(committed, countryOf, without(content, 'trade-in', 'kr'));
    expect(issues.length).toBeGreaterThanOrEqual(3); // the footer column, the header's column and store navigation
    expect(new Set(issues.map((i) => i.file))).toEqual(new Set(['content/snapshots/header-footer/kr.json']));
    expect(issues).toContainEqual({
      file: 'content/snapshots/header-footer/kr.json',
      pointer: expect.stringMatching(/^\/footer\/navigation\/\d+\/links\/\d+\/url$/),
      message: 'links /kr/trade-in/, but "kr" does not run the trade-in programme',
    });
    expect(issues.map((i) => i.pointer)).toContainEqual(
      expect.stringMatching(/^\/storeNavigation\/discountPrograms\//),
    );
  });

  it('the builder leaves out every link to a programme the country does not run, and keeps the others', () => {
    const products = buildProducts();
    const data = programmeData(products);
    for (const storefront of contentStorefronts.filter((s) => ['kr', 'be-nl', 'ae-ar', 'de'].includes(s.urlLocal)))
      for (const id of PROGRAMME_IDS) {
        const lacking = without(data, id, storefront.local);
        const hf = buildHeaderFooter(storefront, products, lacking);
        const prefix = `/${storefront.urlLocal}`;
        const links = linksOf(hf).map((url) => url.slice(prefix.length));
        expect(
          links.filter((path) => programmeOfPath(path) === id),
          `${storefront.urlLocal} without ${id}`,
        ).toEqual([]);
        expect(headerFootersLinkRunningProgrammes([{ file: 'built', data: hf }], countryOf, lacking)).toEqual([]);
        // With the programme the same storefront links its page.
        const full = linksOf(buildHeaderFooter(storefront, products, data)).map((url) => url.slice(prefix.length));
        if (id !== 'service-centres')
          expect(
            full.some((path) => programmeOfPath(path) === id),
            id,
          ).toBe(true);
      }
  });

  it('names one page per programme and no path twice', () => {
    const paths = PROGRAMME_IDS.flatMap((id) => PROGRAMMES[id].paths);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/.*\/$/);
  });
});
