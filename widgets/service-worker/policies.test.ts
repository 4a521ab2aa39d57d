import { describe, expect, it } from 'vitest';
import { shellOfWorker } from './config';
import { isPrivatePath, isStorable, outdatedCaches, policyFor, runtimeCacheNames } from './policies';

const origin = 'https://store.example';
const config = {
  scope: '/id/',
  privatePrefixes: [
    'business/account/',
    'business/cart/',
    'business/checkout/',
    'buy/payment/',
    'cart/',
    'checkout/',
    'user/',
  ],
};
const navigate = (path: string) =>
  policyFor({ url: new URL(path, origin), method: 'GET', mode: 'navigate', destination: 'document' }, origin, config);
const fetchOf = (path: string, destination = '', method = 'GET') =>
  policyFor({ url: new URL(path, origin), method, mode: 'cors', destination }, origin, config);

describe('service worker policies', () => {
  it('never touches an API call, whatever it asks for', () => {
    expect(fetchOf('/api/id/misc/info')).toBe('network');
    expect(fetchOf('/api/id/cart', '', 'POST')).toBe('network');
    expect(fetchOf('/api/id/uploads/avatar.png', 'image')).toBe('network');
    expect(fetchOf('/api')).toBe('network');
  });

  it('answers private pages from the network only, also in the app webviews and before the slash redirect', () => {
    for (const path of [
      '/id/cart/',
      '/id/cart',
      '/id/checkout/',
      '/id/checkout/gray/',
      '/id/buy/payment/',
      '/id/user/',
      '/id/user/order/123',
      '/id/app/cart/',
      '/id/ios/user/order/',
      '/id/business/checkout/',
      '/id/%63art/',
    ]) {
      expect(navigate(path), path).toBe('private-page');
    }
  });

  it('treats static pages as pages, including look-alikes of private paths', () => {
    for (const path of [
      '/id/',
      '/id/product/redmi-note-14/',
      '/id/buy/refurbished/',
      '/id/business/',
      '/id/cartoon/',
      '/id/app/support/faq/',
      '/id/support/',
    ]) {
      expect(navigate(path), path).toBe('page');
    }
  });

  it('leaves other origins, other storefronts and non-GET requests to the browser', () => {
    expect(
      policyFor(
        { url: new URL('https://cdn.example/x.png'), method: 'GET', mode: 'no-cors', destination: 'image' },
        origin,
        config,
      ),
    ).toBe('network');
    expect(navigate('/de/')).toBe('network');
    expect(
      policyFor(
        { url: new URL('/id/', origin), method: 'POST', mode: 'navigate', destination: 'document' },
        origin,
        config,
      ),
    ).toBe('network');
  });

  it('caches same-origin images, and nothing else that is not a page', () => {
    expect(fetchOf('/images/products/redmi.svg', 'image')).toBe('image');
    expect(fetchOf('/_widgets/runtime.0123abcd.js', 'script')).toBe('network');
    expect(fetchOf('/id/sitemap.xml')).toBe('network');
  });

  it('private paths are matched on whole segments', () => {
    expect(isPrivatePath('/id/user', '/id/', ['user/'])).toBe(true);
    expect(isPrivatePath('/id/users/', '/id/', ['user/'])).toBe(false);
    expect(isPrivatePath('/id/%E0%A4%A/', '/id/', ['user/'])).toBe(false);
  });

  it('stores only whole same-origin 200s not marked private or no-store', () => {
    const response = (status: number, type: string, cacheControl: string | null) => ({
      status,
      type,
      headers: { get: (name: string) => (name === 'Cache-Control' ? cacheControl : null) },
    });
    expect(isStorable(response(200, 'basic', 'no-cache'))).toBe(true);
    expect(isStorable(response(200, 'basic', null))).toBe(true);
    expect(isStorable(response(200, 'basic', 'private, max-age=0'))).toBe(false);
    expect(isStorable(response(200, 'basic', 'no-store'))).toBe(false);
    expect(isStorable(response(404, 'basic', 'no-cache'))).toBe(false);
    expect(isStorable(response(0, 'opaqueredirect', null))).toBe(false);
    expect(isStorable(response(200, 'opaque', null))).toBe(false);
  });

  it('deletes only its own storefront’s outdated runtime caches', () => {
    const scope = 'https://store.example/id/';
    const current = Object.values(runtimeCacheNames(scope));
    const existing = [
      ...current,
      `store-pages-v0-${scope}`,
      'store-pages-v0-https://store.example/de/',
      `store-precache-v2-${scope}`,
      'other-app-cache',
    ];
    expect(outdatedCaches(existing, scope, current)).toEqual([`store-pages-v0-${scope}`]);
  });

  it('reads the shell that registered the worker from its script URL', () => {
    expect(shellOfWorker('')).toBe('web');
    expect(shellOfWorker('?shell=app')).toBe('app');
    expect(shellOfWorker('?shell=ios')).toBe('ios');
    expect(shellOfWorker('?shell=../../x')).toBe('web');
  });
});
