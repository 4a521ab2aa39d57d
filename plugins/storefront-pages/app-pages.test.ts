/**
 * The apps' webview pages of a built storefront (id): every page an island sends an app shopper to exists in the
 * apps, and an app page is a noindex twin of its web page that no sitemap lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getStorefront } from '../../region-config';
import type { PageContext } from '../../src/page-context';
import { loadPageBuildInputs } from './page-builds/storefront-page-build';
import type { StorefrontRecorder } from './render/page-records';
import { emitStorefrontPages, makeStorefrontBuild } from './storefront-pages';

const storefront = getStorefront('id');
if (!storefront) throw new Error('id storefront missing');
const inputs = loadPageBuildInputs();
const created: PageContext[] = [];
// Only the contexts are needed: a recorder that keeps them and writes nothing.
const recorder = { add: (context: PageContext) => void created.push(context) } as unknown as StorefrontRecorder;
const { result } = emitStorefrontPages(
  makeStorefrontBuild(storefront, inputs.catalogues, inputs.content),
  inputs.sites,
  () => undefined,
  recorder,
);
const byPath = new Map(created.map((page) => [page.pagePath, page]));
const appPages = created.filter((page) => page.app === 'app');

/** `/id/app/user/order/:id` → a pattern that also matches `/id/app/user/order/5100123/`. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`);
const appClientRoutes = result.clientRoutes.filter((r) => r.pattern.startsWith('/id/app/')).map((r) => r.pattern);

/**
 * Whether an app shopper sent to `relative` (below /id/app/, `:x` for each run-time part) finds a page: a built one
 * (any product for `product/:x/`) or a client route's.
 */
function inApp(relative: string): boolean {
  const url = `/id/app/${relative}`;
  if (byPath.has(url)) return true;
  const built = patternOf(url);
  if (appPages.some((page) => built.test(page.pagePath))) return true;
  const example = url.replace(/:x/g, '5100123');
  return appClientRoutes.some((route) => patternOf(route).test(example));
}

/**
 * Every `storePath('…')` target in the islands' code, as a path with `:x` for each run-time part, without the query:
 * storePath keeps an app shopper inside the webview, so each target needs an app page.
 */
function storePathTargets(): { target: string; file: string }[] {
  const found: { target: string; file: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'dist' && entry.name !== 'node_modules') walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        for (const match of source.matchAll(/storePath\(\s*([`'])([^`']*)/g)) {
          const target = (match[2] ?? '').replace(/\$\{[^}]*\}?/g, ':x').replace(/[?#].*$/, '');
          found.push({ target, file: path.relative(process.cwd(), file) });
        }
      }
    }
  };
  walk(path.resolve('widgets'));
  return found;
}

/**
 * Targets only the web's pages link to: the business area's islands run on its web pages alone (the consumer apps
 * have no company purchase), so an app shopper is never sent there.
 */
const WEB_ONLY_TARGETS = /^business\//;

describe('the apps’ webview pages of the id storefront', () => {
  it('has an app page for every page an island sends an app shopper to (storePath)', () => {
    const targets = storePathTargets().filter(({ target }) => !WEB_ONLY_TARGETS.test(target));
    expect(targets.length).toBeGreaterThan(30);
    const missing = targets.filter(({ target }) => !inApp(target)).map(({ target, file }) => `${target} (${file})`);
    expect(missing).toEqual([]);
  });

  it('builds the support index, the review redirect, product lists and support pages for both apps', () => {
    for (const page of [
      'support/',
      'support/phone/',
      'support/after-sales/',
      'support/faq/',
      'support/warranty/',
      'support/service-center/',
      'user/reviewsappredirect/',
      'product-list/',
      'support/aftersales/apply/',
    ]) {
      for (const mode of ['app', 'ios'])
        expect(byPath.get(`/id/${mode}/${page}`)?.app, `/id/${mode}/${page}`).toBe(mode);
    }
    for (const webOnly of ['sitemap/', 'select-location/', 'business/', 'support/ticket/', 'item/'])
      expect(byPath.has(`/id/app/${webOnly}`), webOnly).toBe(false);
  });

  it('makes each app page a noindex twin of a web page, named by its address (og:url), in no sitemap', () => {
    expect(appPages.length).toBeGreaterThan(300);
    for (const app of appPages) {
      const webPath = app.pagePath.replace('/id/app/', '/id/');
      const web = byPath.get(webPath);
      expect(web, webPath).toBeDefined();
      expect(app.seo.noindex, app.pagePath).toBe(true);
      // No rel=canonical on a noindex page (seo-head.tsx): what names the web page is og:url.
      expect(app.seo.canonical, app.pagePath).toBe(web?.seo.canonical);
      expect(byPath.get(app.pagePath.replace('/id/app/', '/id/ios/'))?.app, app.pagePath).toBe('ios');
    }
    expect(result.indexable.filter((p) => /^\/(app|ios)\//.test(p))).toEqual([]);
  });
});
