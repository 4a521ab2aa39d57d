import { describe, expect, it } from 'vitest';
import { resolveLink, withTrailingSlash } from './link-rules';

describe('withTrailingSlash', () => {
  it('adds a slash to the path, keeping query and hash', () => {
    expect(withTrailingSlash('/id/cart')).toBe('/id/cart/');
    expect(withTrailingSlash('/id/search?keyword=x#top')).toBe('/id/search/?keyword=x#top');
    expect(withTrailingSlash('/id/cart/')).toBe('/id/cart/');
  });

  it('leaves file-like links alone', () => {
    expect(withTrailingSlash('/id/index.html')).toBe('/id/index.html');
    expect(withTrailingSlash('/docs/manual.pdf?v=2')).toBe('/docs/manual.pdf?v=2');
  });
});

describe('resolveLink', () => {
  it('keeps internal paths in the window with a trailing slash', () => {
    expect(resolveLink('/id/product/redmi-note-14-pro')).toEqual({
      href: '/id/product/redmi-note-14-pro/',
      external: false,
    });
  });

  it('treats the company domains as internal and adds the slash there too', () => {
    expect(resolveLink('https://www.mi.com/id/phones')).toEqual({
      href: 'https://www.mi.com/id/phones/',
      external: false,
    });
    // tracking/community host
    expect(resolveLink('https://c.mi.com/thread-1')).toEqual({ href: 'https://c.mi.com/thread-1', external: false });
  });

  it('opens other domains in a new window, untouched', () => {
    expect(resolveLink('https://www.facebook.com/xiaomi')).toEqual({
      href: 'https://www.facebook.com/xiaomi',
      external: true,
    });
    expect(resolveLink('https://notmi.com/x')).toEqual({ href: 'https://notmi.com/x', external: true });
    expect(resolveLink('//cdn.example.org/a')).toEqual({ href: '//cdn.example.org/a', external: true });
  });

  it('leaves anchors, mail, phone and app schemes alone', () => {
    expect(resolveLink('#labels')).toEqual({ href: '#labels', external: false });
    expect(resolveLink('mailto:service@mi.com')).toEqual({ href: 'mailto:service@mi.com', external: false });
    expect(resolveLink('mistore://product/1')).toEqual({ href: 'mistore://product/1', external: false });
  });
});
