import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIconLoader, isSafeSvg, LruCache, PLACEHOLDER_SVG, type IconState } from './icon-loader';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>';

describe('icon loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes idle → loading → loaded after a 100 ms debounce, only for the last name', async () => {
    const fetch = vi.fn(async (url: string) => new Response(url.endsWith('cart.svg') ? SVG : 'x'));
    const states: IconState[] = [];
    const slot = createIconLoader({ fetch: fetch as unknown as typeof globalThis.fetch, base: '/icons' }).watch((s) =>
      states.push(s),
    );
    slot.set('common', 'user');
    await vi.advanceTimersByTimeAsync(50);
    slot.set('common', 'cart');
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]?.[0]).toBe('/icons/common/cart.svg');
    expect(states.map((s) => s.status)).toEqual(['idle', 'loading', 'loaded']);
  });

  it('errors on HTTP failure and after a 5 s timeout', async () => {
    const notFound = createIconLoader({
      fetch: (async () => new Response('', { status: 404 })) as typeof fetch,
      base: '',
    });
    expect(await notFound.load('common', 'x')).toEqual({ status: 'error', reason: 'http' });
    const hang: typeof fetch = (_u, init) =>
      new Promise((_, rej) => init?.signal?.addEventListener('abort', () => rej(new Error('abort'))));
    const p = createIconLoader({ fetch: hang, base: '' }).load('common', 'x');
    await vi.advanceTimersByTimeAsync(5000);
    expect(await p).toEqual({ status: 'error', reason: 'timeout' });
  });

  it('falls back to the placeholder for invalid SVG and caches results', async () => {
    const fetch = vi.fn(async () => new Response('<svg onload="alert(1)"></svg>'));
    const loader = createIconLoader({ fetch: fetch as unknown as typeof globalThis.fetch, base: '' });
    expect(await loader.load('filled', 'a')).toEqual({ status: 'loaded', svg: PLACEHOLDER_SVG });
    await loader.load('filled', 'a');
    expect(fetch).toHaveBeenCalledOnce();
    expect(isSafeSvg(SVG)).toBe(true);
  });

  it('keeps at most 100 entries, dropping the least recently used', () => {
    const lru = new LruCache<number>();
    for (let i = 0; i < 100; i++) lru.set(String(i), i);
    lru.get('0');
    lru.set('100', 100);
    expect(lru.size).toBe(100);
    expect(lru.get('0')).toBe(0);
    expect(lru.get('1')).toBeUndefined();
  });
});
