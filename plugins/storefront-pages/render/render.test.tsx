import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shellSlotMarkup, ShellSlot } from '../../../src/components/shell-slot';
import type { PageContext } from '../../../src/page-context';
import { headerFooter, shell as shellContext, storefront } from '../../../src/testing/fixtures';
import { withoutGatsbyRuntime } from './gatsby-runtime';
import { islandScripts, widgetHosts } from './island-scripts';
import { readStorefrontRecord, StorefrontRecorder, type StorefrontRecord } from './page-records';
import { fillShellSlots, pageWidgetHosts } from './shell-html';

describe('withoutGatsbyRuntime', () => {
  it("drops Gatsby's scripts, preloads and generator but keeps JSON-LD, styles and the islands' tags", () => {
    const head = [
      createElement('meta', { key: 'g', name: 'generator', content: 'Gatsby 5' }),
      createElement('link', { key: 'w', as: 'script', rel: 'preload', href: '/webpack-runtime.js' }),
      createElement('link', { key: 'p', as: 'fetch', rel: 'preload', href: '/page-data/id/page-data.json' }),
      createElement('script', { key: 'l', id: 'gatsby-script-loader' }),
      createElement('script', { key: 'j', type: 'application/ld+json' }),
      createElement('style', { key: 's' }),
      createElement('script', { key: 'islands-runtime', type: 'module', src: '/_widgets/runtime.js' }),
      createElement('link', { key: 'islands-x', rel: 'modulepreload', href: '/_widgets/cart.js' }),
      createElement(() => null, { key: 'slice', sliceId: '_gatsby-scripts' } as object),
    ];
    const kept = withoutGatsbyRuntime(head).map((element) => (element as { key: string }).key);
    expect(kept).toEqual(['j', 's', 'islands-runtime', 'islands-x']);
  });
});

describe('islandScripts', () => {
  const manifest = {
    runtime: '/_widgets/runtime.abc.js',
    widgets: { cart: '/_widgets/cart.def.js', consent: '/_widgets/consent.123.js' },
  };

  it('gives a page without hosts no JavaScript', () => {
    expect(islandScripts(widgetHosts('<main>x</main>'), manifest)).toBeUndefined();
  });

  it('adds the runtime once and preloads eager widgets only', () => {
    const body =
      `<store-widget name="cart" load="eager" props="{}"></store-widget><store-widget name="consent" ` +
      `load="idle" props="{}"></store-widget><store-widget name="cart" load="eager" props="{}">` +
      `</store-widget>`;
    expect(islandScripts(widgetHosts(body), manifest)).toEqual({
      runtime: '/_widgets/runtime.abc.js',
      modulePreloads: ['/_widgets/cart.def.js'],
    });
    expect(widgetHosts(body).map((host) => host.name)).toEqual(['cart', 'consent', 'cart']);
  });
});

describe('shell slots', () => {
  const shell = shellContext();
  const record: StorefrontRecord = {
    shell: {
      storefront: shell.storefront,
      headerFooter: shell.headerFooter,
      strings: shell.strings,
      sites: shell.sites,
      year: shell.year,
    },
    pages: {},
  };

  it('renders the marker the renderer replaces', () => {
    expect(renderToStaticMarkup(<ShellSlot part="header" />)).toBe(shellSlotMarkup('header'));
  });

  it('puts the header and the chosen footer in place of the slots', () => {
    const body = `<div>${shellSlotMarkup('header')}<main>x</main>${shellSlotMarkup('footer')}</div>`;
    const full = fillShellSlots(body, record, 'full');
    expect(full).not.toContain('data-shell-slot');
    expect(full).toMatch(/<header[\s\S]*<main>x<\/main>[\s\S]*<footer/);
    const reduced = fillShellSlots(body, record, 'reduced');
    expect(reduced.length).toBeLessThan(full.length);
  });

  it("finds a page's widget hosts, the header's and footer's included, as in the filled page", () => {
    const own = '<store-widget name="add-to-cart" load="eager" props="{}"></store-widget>';
    for (const footer of ['full', 'reduced'] as const) {
      for (const body of [
        `${shellSlotMarkup('header')}<main>${own}</main>${shellSlotMarkup('footer')}`,
        `<main>${own}</main>`,
      ]) {
        const hosts = pageWidgetHosts(body, record, footer);
        expect(hosts).toEqual(widgetHosts(fillShellSlots(body, record, footer)));
        expect(hosts.map((host) => host.name)).toContain('add-to-cart');
      }
    }
    expect(pageWidgetHosts(`${shellSlotMarkup('header')}<main></main>`, record, 'full').length).toBeGreaterThan(0);
  });
});

describe('StorefrontRecorder', () => {
  const context = (price: number): PageContext => ({
    template: 'product',
    routeId: 'product',
    pagePath: '/id/product/a/',
    app: 'web',
    storefront: storefront(),
    breadcrumbs: [],
    seo: {
      title: 't',
      description: 'd',
      canonical: 'c',
      imageUrl: '',
      imageAlt: '',
      ogType: 'product',
      noindex: false,
      jsonLd: [],
    },
    data: { price },
  });
  const shell = (year: number) => ({
    storefront: storefront(),
    headerFooter: headerFooter(),
    strings: { a: 'b' },
    sites: [],
    year,
  });

  it('keeps Gatsby a small reference whose hash follows what the page shows', () => {
    const ref = new StorefrontRecorder('id', shell(2026)).add(context(1), 'full');
    expect(ref).toEqual({ pagePath: '/id/product/a/', urlLocal: 'id', hash: expect.any(String) });
    expect(JSON.stringify(ref).length).toBeLessThan(120);
    expect(new StorefrontRecorder('id', shell(2026)).add(context(1), 'full').hash).toBe(ref.hash);
    expect(new StorefrontRecorder('id', shell(2026)).add(context(2), 'full').hash).not.toBe(ref.hash);
    expect(new StorefrontRecorder('id', shell(2027)).add(context(1), 'full').hash).not.toBe(ref.hash);
    expect(new StorefrontRecorder('id', shell(2026)).add(context(1), 'reduced').hash).not.toBe(ref.hash);
  });

  it('writes each context once, without the storefront, and data shared by web and app pages once; reads back', () => {
    const urlLocal = `zz-record-${process.pid}`;
    const file = path.resolve('.cache/storefront-pages/render', `${urlLocal}.json`);
    try {
      const data = { price: 1, name: 'A phone' };
      const web = { ...context(1), pagePath: `/${urlLocal}/product/a/`, data };
      const app = { ...web, pagePath: `/${urlLocal}/app/product/a/`, app: 'app' as const };
      const recorder = new StorefrontRecorder(urlLocal, shell(2026));
      recorder.add(web, 'full');
      recorder.add(app, 'full');
      recorder.add({ ...web, pagePath: `/${urlLocal}/product/b/`, data: { ...data, price: 2 } }, 'full');
      recorder.write();
      const text = fs.readFileSync(file, 'utf8');
      expect(text.split('"A phone"')).toHaveLength(3);
      expect(text.split(JSON.stringify(storefront()))).toHaveLength(2);
      const record = readStorefrontRecord(urlLocal);
      expect(record?.pages[web.pagePath]).toEqual({ context: web, footer: 'full', main: expect.any(String) });
      expect(record?.pages[app.pagePath]).toEqual({
        context: app,
        footer: 'full',
        main: record?.pages[web.pagePath]?.main,
      });
      expect(record?.pages[`/${urlLocal}/product/b/`]?.main).not.toBe(record?.pages[web.pagePath]?.main);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
