import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../content/load';
import type { ContentBundle } from '../content-bundle';
import type { StorefrontBuild } from '../storefront-build';
import { contentData, publishedPages } from './content-pages';

const content = loadContent(path.resolve('content'));

/** Enough of a storefront build for the content pages: its country, language and URL prefix. */
const buildOf = (bundle: ContentBundle, urlLocal: string, local: string, i18n: string) =>
  ({ content: bundle, scope: { local, i18n, urlLocal }, context: { urlLocal } }) as unknown as StorefrontBuild;

const page = (pagePath: string) => content.pages.find((p) => p.path === pagePath)!;
const paths = (build: StorefrontBuild) => publishedPages(build).map((p) => p.path);

describe('content pages and their links follow the programmes a country runs', () => {
  it('a country that runs them publishes the programme pages and links them', () => {
    const kr = buildOf(content, 'kr', 'kr', 'ko');
    expect(paths(kr)).toEqual(expect.arrayContaining(['/store/xiaomi-store/', '/new-user/', '/p/student-program/']));
    expect(contentData(kr, page('/store/popup-ads/')).blocks).toEqual([
      expect.objectContaining({ type: 'banner', cta: expect.objectContaining({ href: '/kr/store/xiaomi-store/' }) }),
    ]);
  });

  it('without stores: no store locations page, no banner leading there, nothing in the sitemap', () => {
    const noStores = { ...content, stores: content.stores.filter((c) => c.local !== 'kr') };
    const kr = buildOf(noStores, 'kr', 'kr', 'ko');
    expect(paths(kr)).not.toContain('/store/xiaomi-store/');
    expect(contentData(kr, page('/store/popup-ads/')).blocks).toEqual([]);
    expect(contentData(kr, page('/store/')).blocks).toEqual([]);
    // Another country keeps them.
    expect(paths(buildOf(noStores, 'jp', 'jp', 'ja'))).toContain('/store/xiaomi-store/');
  });

  it('without coupons: no /new-user/ page promising one, and the home page banner to it goes', () => {
    const noCoupons = { ...content, coupons: content.coupons.filter((c) => c.local !== 'de') };
    const de = buildOf(noCoupons, 'de', 'de', 'de');
    expect(paths(de)).not.toContain('/new-user/');
    const home = page('/');
    const banner = home.blocks.find((b) => b.type === 'banner' && b.url === '/new-user/');
    expect(banner).toBeDefined();
    const withCoupons = contentData(buildOf(content, 'de', 'de', 'de'), { ...home, blocks: [banner!] });
    expect(withCoupons.blocks).toHaveLength(1);
    expect(contentData(de, { ...home, blocks: [banner!] }).blocks).toEqual([]);
  });
});
