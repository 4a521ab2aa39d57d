import { describe, expect, it } from 'vitest';
import { buildRelease, pageType } from './analytics-attributes';

describe('the page type analytics reads from <html data-page-type>', () => {
  it('is the template, the home page by name, and a widget page by its island', () => {
    expect(pageType({ template: 'product', routeId: 'product', data: {} })).toBe('product');
    expect(pageType({ template: 'content', routeId: 'home', data: {} })).toBe('home');
    expect(pageType({ template: 'content', routeId: 'home-alias:/index', data: {} })).toBe('home');
    expect(pageType({ template: 'content', routeId: 'page:/smart-home', data: {} })).toBe('content');
    expect(pageType({ template: 'widget-page', routeId: 'cart', data: { mount: { name: 'cart' } } })).toBe(
      'widget-page:cart',
    );
  });

  it('always fits the collector’s form', () => {
    for (const type of [pageType({ template: 'widget-page', routeId: 'x', data: null }), 'select-location'])
      expect(type).toMatch(/^[a-z0-9:-]{1,60}$/);
  });
});

describe('the release a page carries in <html data-release>', () => {
  it('is the build’s, or nothing outside a release build', () => {
    expect(buildRelease({ STORE_RELEASE: 'r-20260102T030405678Z-ab12' })).toBe('r-20260102T030405678Z-ab12');
    expect(buildRelease({})).toBe('');
  });
});
