import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../../content/load';
import { parseServedOffers, servedOffers, SERVED_OFFERS_FILE } from '../../../sites/served-offers';
import { isOffered, productView } from '../catalogue-views';
import { publishRelease } from '../build-plan/publish';
import { readRelease, readServedOffers } from '../../../server/releases/served-release';
import { recordServedOffers, writeServedOffers } from './served-offers';

const content = loadContent(path.resolve('content'));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-offers-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the prices a build writes beside its pages', () => {
  it('holds every commodity the pages price, at the price the product view (pages, JSON-LD) shows', () => {
    const file = servedOffers(content.products, 'de', 'de');
    const scope = { local: 'de', urlLocal: 'de', i18n: 'de' } as Parameters<typeof productView>[1];
    let priced = 0;
    for (const product of content.products.filter((p) => isOffered(p, 'de'))) {
      for (const c of productView(product, scope).commodities) {
        if (c.salePrice === null) continue;
        priced += 1;
        expect(file.offers.find((o) => o.commodityId === c.commodityId)).toMatchObject({
          productId: product.id,
          salePrice: c.salePrice,
          marketPrice: c.marketPrice,
          onSale: true,
        });
      }
    }
    expect(file.offers).toHaveLength(priced);
    expect(parseServedOffers(JSON.stringify(file), 'x')).toEqual(file);
  });

  it('travels from public/ into the storefront version of the release, where the API reads it', async () => {
    const work = path.join(dir, 'public');
    fs.mkdirSync(path.join(work, 'de'), { recursive: true });
    fs.writeFileSync(path.join(work, 'de', 'index.html'), '<html></html>');
    fs.writeFileSync(path.join(work, '_routes.json'), '[]');
    const cache = path.join(dir, 'cache');
    recordServedOffers(content.products, { urlLocal: 'de', local: 'de' }, cache);
    expect(writeServedOffers(work, ['de', 'fr'], cache)).toBe(1);
    expect(fs.existsSync(path.join(work, 'de', SERVED_OFFERS_FILE))).toBe(true);

    const releasesDir = path.join(dir, 'releases');
    const published = await publishRelease({ workDir: work, releasesDir });
    const release = readRelease(releasesDir)!;
    expect(release.id).toBe(published.id);
    expect(release.storefronts.map((s) => [s.code, s.version])).toEqual([['de', `de.${published.id}`]]);
    expect(readServedOffers(release.storefronts[0]!)).toEqual(servedOffers(content.products, 'de', 'de'));
  });
});
