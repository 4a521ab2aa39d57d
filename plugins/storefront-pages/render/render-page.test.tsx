import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageContext } from '../../../src/page-context';
import { headerFooter, storefront } from '../../../src/testing/fixtures';
import { StorefrontRecorder } from './page-records';
import { writePageStyles } from './write-page-styles';
import { renderBody } from './render-page';

// A storefront code no real storefront has, so its record never meets a build's.
const urlLocal = `zz-render-${process.pid}`;
const page: PageContext = {
  template: 'content',
  routeId: 'home',
  pagePath: `/${urlLocal}/app/about/`,
  app: 'app',
  storefront: storefront({ urlLocal, lang: 'ar-AE', dir: 'rtl' }),
  breadcrumbs: [],
  seo: {
    title: 'About us',
    description: 'Who we are',
    canonical: 'https://store.example/about/',
    imageUrl: '',
    imageAlt: '',
    ogType: 'website',
    noindex: false,
    jsonLd: [],
  },
  data: {},
};
const recorder = new StorefrontRecorder(urlLocal, {
  storefront: page.storefront,
  headerFooter: headerFooter(),
  strings: {},
  sites: [],
  year: 2026,
});
recorder.add(page, 'full');
recorder.write();
// What createPages writes beside the records for the renderer (a fresh clone has none yet).
writePageStyles();
afterAll(() => fs.rmSync(path.resolve('.cache/storefront-pages/render', `${urlLocal}.json`), { force: true }));

function render(body: ReactNode, pathname = page.pagePath) {
  const out = { body: '', head: '', html: {} as Record<string, string> };
  renderBody({
    bodyComponent: body,
    pathname,
    replaceBodyHTMLString: (html) => (out.body = html),
    setHeadComponents: (components) => (out.head = renderToStaticMarkup(createElement('head', null, ...components))),
    setHtmlAttributes: (attributes) => (out.html = attributes),
  });
  return out;
}

describe('renderBody', () => {
  it("gives the page its head and <html> attributes from the page's record, once, without Gatsby's Head API", () => {
    const out = render(createElement('main', null, 'x'));
    expect(out.body).toBe('<main>x</main>');
    // Analytics reads the page's type and its release ('' outside a release build) from <html>.
    expect(out.html).toEqual({ lang: 'ar-AE', dir: 'rtl', 'data-page-type': 'home', 'data-release': '' });
    expect(out.head).toContain('<title>About us</title>');
    expect(out.head).toContain('<link rel="canonical" href="https://store.example/about/"/>');
    expect(out.head).toContain(`<link rel="manifest" href="/${urlLocal}/manifest.webmanifest"/>`);
    expect(out.head).not.toContain('data-gatsby-head');
  });

  it('holds the first paint until the element after the header, the main landmark, is parsed', () => {
    const out = render(createElement('main', null, 'x'));
    expect(out.head).toContain('<link rel="expect" href="#main" blocking="render"/>');
  });

  it('refuses a page createPages did not record, and a body holding a Gatsby Slice (never stitched)', () => {
    expect(() => render(createElement('main'), `/${urlLocal}/nowhere/`)).toThrow(/No page record/);
    expect(() =>
      render(
        createElement('main', null, createElement('slice-start', { id: 'x' }), createElement('slice-end', { id: 'x' })),
      ),
    ).toThrow(/Gatsby Slice/);
  });
});
