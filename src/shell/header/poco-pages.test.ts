import { describe, expect, it } from 'vitest';
import { isPocoPage } from './poco-pages';

describe('isPocoPage', () => {
  it.each([
    ['/id/poco/', true],
    ['/id/product-list/phones/poco-series/', true],
    ['/id/product/poco-f7/', true],
    ['/id/app/product/poco-f7/', true],
    ['/id/checkout/', false],
    ['/id/', false],
    ['/id/product-list/phones/', false],
    ['/de/poco/', false], // another storefront's page
  ])('%s → %s', (pagePath, expected) => {
    expect(isPocoPage(pagePath, '/id/')).toBe(expected);
  });
});
