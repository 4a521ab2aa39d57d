import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storefronts, type Storefront } from '../../../region-config';
import { startPageBuilds, THREAD_FROM } from './page-builds';
import { buildStorefrontPages, loadPageBuildInputs, type BuiltStorefront } from './storefront-page-build';

const recordFile = (urlLocal: string): string => path.resolve('.cache/storefront-pages/render', `${urlLocal}.json`);

async function collect(builds: AsyncIterable<BuiltStorefront>): Promise<BuiltStorefront[]> {
  const built: BuiltStorefront[] = [];
  for await (const storefront of builds) built.push(storefront);
  return built;
}

describe('the storefronts’ page builds (createPages)', () => {
  const many = storefronts.slice(0, THREAD_FROM);

  it('gives on the page-build thread what this thread gives: the same pages, results, records in order', async () => {
    const threaded = await collect(
      startPageBuilds(many, () => {
        throw new Error('a threaded build reads its own inputs');
      }),
    );
    const threadRecords = many.map((s) => fs.readFileSync(recordFile(s.urlLocal), 'utf8'));
    const inputs = loadPageBuildInputs();
    const here = many.map((s) => buildStorefrontPages(s, inputs));
    expect(threaded.map((b) => b.urlLocal)).toEqual(many.map((s) => s.urlLocal));
    expect(threaded).toEqual(here);
    expect(many.map((s) => fs.readFileSync(recordFile(s.urlLocal), 'utf8'))).toEqual(threadRecords);
    // Every page is one of the storefront's, handed to Gatsby as a PageRef only.
    for (const built of threaded) {
      expect(built.pages.length).toBe(built.result.pages);
      expect(built.pages.length).toBeGreaterThan(500);
      for (const page of built.pages.slice(0, 50))
        expect(Object.keys(page.context).sort()).toEqual(['hash', 'pagePath', 'urlLocal']);
    }
  }, 60_000);

  it('builds a few storefronts on this thread, with the inputs it is given', async () => {
    const few = storefronts.slice(0, 2);
    let asked = 0;
    const built = await collect(
      startPageBuilds(few, () => {
        asked += 1;
        return loadPageBuildInputs();
      }),
    );
    expect(asked).toBe(1);
    expect(built.map((b) => b.urlLocal)).toEqual(few.map((s) => s.urlLocal));
  }, 30_000);

  it('fails with the thread’s own message, after the storefronts built before the failure', async () => {
    const unknown = { ...many[0], urlLocal: 'zz-none' } as Storefront;
    const builds = startPageBuilds([...many.slice(0, THREAD_FROM - 1), unknown], () => loadPageBuildInputs());
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const built of builds) seen.push(built.urlLocal);
      })(),
    ).rejects.toThrow(/no storefront zz-none in region-config/);
    expect(seen).toEqual(many.slice(0, THREAD_FROM - 1).map((s) => s.urlLocal));
  }, 60_000);
});
