import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDER, type ServiceWorkerConfig } from '../../../widgets/service-worker/config';
import {
  fillServiceWorker,
  offlinePageAssets,
  privatePagePrefixes,
  storefrontServiceWorkerConfig,
} from './service-workers';

describe('storefront service workers', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('keeps every page whose content is an island private, and no static page', () => {
    const prefixes = privatePagePrefixes();
    for (const p of [
      'cart/',
      'checkout/',
      'checkout-again/',
      'buy/payment/',
      'buy/card-payment/',
      'user/',
      'business/checkout/',
      'business/cart/',
      'business/account/',
      'payment-successful/',
      'split-payment-details/',
    ]) {
      expect(prefixes).toContain(p);
    }
    for (const p of ['', 'business/', 'buy/', 'product-list/', 'support/', 'offline/'])
      expect(prefixes).not.toContain(p);
    // 'user/' covers the user area's sub-pages: no redundant entries.
    expect(prefixes.filter((p) => p.startsWith('user/'))).toEqual(['user/']);
  });

  it('precaches the built offline page of each shell and the same-origin images it shows, with revisions', () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-config-'));
    dirs.push(publicDir);
    for (const shell of ['', 'app/', 'ios/'])
      fs.mkdirSync(path.join(publicDir, 'id', shell, 'offline'), { recursive: true });
    fs.mkdirSync(path.join(publicDir, 'images', 'brand'), { recursive: true });
    fs.writeFileSync(path.join(publicDir, 'images', 'brand', 'logo.svg'), '<svg/>');
    const html =
      '<html><img src="/images/brand/logo.svg" alt=""><img src="https://cdn.example/x.png"><img ' +
      'src="/api/id/x.png"></html>';
    fs.writeFileSync(path.join(publicDir, 'id', 'offline', 'index.html'), html);
    fs.writeFileSync(path.join(publicDir, 'id', 'app', 'offline', 'index.html'), '<html>app</html>');
    fs.writeFileSync(path.join(publicDir, 'id', 'ios', 'offline', 'index.html'), '<html>ios</html>');
    const config = storefrontServiceWorkerConfig(publicDir, 'id');
    expect(config.scope).toBe('/id/');
    expect(config.offline.web.url).toBe('/id/offline/');
    expect(config.offline.web.files.map((file) => file.url)).toEqual(['/id/offline/', '/images/brand/logo.svg']);
    expect(config.offline.app.files.map((file) => file.url)).toEqual(['/id/app/offline/']);
    expect(config.offline.ios.url).toBe('/id/ios/offline/');
    expect(
      Object.values(config.offline)
        .flatMap((page) => page.files)
        .every((file) => /^[0-9a-f]{16}$/.test(file.revision)),
    ).toBe(true);
    fs.writeFileSync(path.join(publicDir, 'id', 'offline', 'index.html'), `${html}<!-- changed -->`);
    expect(storefrontServiceWorkerConfig(publicDir, 'id').offline.web.files[0]!.revision).not.toBe(
      config.offline.web.files[0]!.revision,
    );
  });

  it('refuses a storefront whose offline page was not built', () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-config-'));
    dirs.push(publicDir);
    expect(() => storefrontServiceWorkerConfig(publicDir, 'id')).toThrow(/offline/);
  });

  it('finds the images shown at once and icons, not lazy images or other links', () => {
    expect(
      offlinePageAssets(
        '<link rel="icon" href="/id/favicon.svg"><link rel="canonical" href="/id/x/"><img alt="" ' +
          'src="/images/a.svg"><img src="//evil.example/a.png"><img src="/images/card.svg" loading="lazy">',
      ),
    ).toEqual(['/images/a.svg', '/id/favicon.svg']);
  });

  it('puts the config into the worker as a JSON string the worker parses back', () => {
    const page = (url: string) => ({ url, files: [{ url, revision: 'abc' }] });
    const config: ServiceWorkerConfig = {
      scope: '/ae-ar/',
      offline: { web: page('/ae-ar/offline/'), app: page('/ae-ar/app/offline/'), ios: page('/ae-ar/ios/offline/') },
      privatePrefixes: ['cart/', "it's-$&/"],
    };
    const worker = fillServiceWorker(`const c=JSON.parse("${CONFIG_PLACEHOLDER}");`, config);
    const parsed: unknown = new Function(`${worker}; return c;`)();
    expect(parsed).toEqual(config);
    expect(() => fillServiceWorker('no placeholder', config)).toThrow(/found it 0 times/);
    expect(() => fillServiceWorker(`"${CONFIG_PLACEHOLDER}" '${CONFIG_PLACEHOLDER}'`, config)).toThrow(
      /found it 2 times/,
    );
  });
});
