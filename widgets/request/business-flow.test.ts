import { describe, expect, it } from 'vitest';
import { businessFlowParams } from './index';

describe('business flow', () => {
  it('adds flow=company under /{prefix}/business, also in the app webviews, and nowhere else', () => {
    expect(businessFlowParams('/id/business/checkout/')).toEqual({ flow: 'company' });
    expect(businessFlowParams('/be-fr/app/business/cart/')).toEqual({ flow: 'company' });
    expect(businessFlowParams('/id/business')).toEqual({ flow: 'company' });
    expect(businessFlowParams('/id/checkout/')).toEqual({});
    expect(businessFlowParams('/id/product/business-laptop/')).toEqual({});
  });
});
