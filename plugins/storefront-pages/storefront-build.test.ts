import { describe, expect, it } from 'vitest';
import { getStorefront } from '../../region-config';
import type { PageContext } from '../../src/page-context';
import { StorefrontRecorder, type StorefrontRecord } from './render/page-records';
import { PageEmitter, type StorefrontBuild } from './storefront-build';
import { storefrontContext } from './storefront-context';
import { makeTranslate } from '../../src/components/translate';

const id = getStorefront('id');
if (!id) throw new Error('id storefront missing');
const strings = {
  'seo.descriptionFiller': '{{site}}: official store with genuine products, secure payment and delivery.',
  'breadcrumb.home': 'Home',
};
const build = {
  storefront: id,
  context: storefrontContext(id, 'id'),
  t: makeTranslate(strings),
} as unknown as StorefrontBuild;

function emitter() {
  // Gatsby gets a small reference; the recorder keeps each page's full context, in order.
  const recorder = new StorefrontRecorder('id', { strings: {} } as unknown as StorefrontRecord['shell']);
  const pages = new PageEmitter(build, () => undefined, recorder);
  const created: PageContext[] = [];
  const add = recorder.add.bind(recorder);
  recorder.add = (context, footer) => {
    created.push(context);
    return add(context, footer);
  };
  const page = (
    relativePath: string,
    extra: { noindex?: boolean; canonicalRelativePath?: string; app?: boolean; description?: string } = {},
  ) =>
    pages.emit({
      relativePath,
      template: 'content',
      routeId: relativePath,
      title: 't',
      description: extra.description ?? 'A description long enough for the search results page.',
      breadcrumbs: [],
      data: {},
      ...extra,
    });
  return { pages, page, created };
}

describe('PageEmitter', () => {
  it('records only indexable canonical pages for the sitemaps and clusters', () => {
    const { pages, page } = emitter();
    page('/a/');
    page('/a-alias/', { canonicalRelativePath: '/a/' });
    page('/cart/', { noindex: true });
    page('/app-page/', { app: true });
    pages.verify();
    expect(pages.result.indexable).toEqual(['/a/', '/app-page/']);
  });

  it('refuses an indexable alias whose canonical page is noindex, also when the alias comes first', () => {
    const { pages, page } = emitter();
    page('/item/1/', { canonicalRelativePath: '/product/x/' });
    page('/product/x/', { noindex: true });
    expect(() => pages.verify()).toThrow(/\/item\/1\/ → \/product\/x\//);
  });

  it('lets a noindex alias name a noindex page (it writes no canonical link)', () => {
    const { pages, page } = emitter();
    page('/user/fcode/', { noindex: true });
    page('/user/f-code/', { noindex: true, canonicalRelativePath: '/user/fcode/' });
    expect(() => pages.verify()).not.toThrow();
  });

  it('completes a short description with the filler and marks app pages noindex', () => {
    const { page, created } = emitter();
    page('/chat/', { description: 'Chat with us.', app: true });
    const [web, app] = created;
    expect(web?.seo.description).toMatch(/^Chat with us\. Mi Store Indonesia: official store/);
    expect([...(web?.seo.description ?? '')].length).toBeGreaterThanOrEqual(50);
    expect(app?.seo.noindex).toBe(true);
  });
});
