import { describe, expect, it } from 'vitest';
import { camelizeKeys, snakeKey } from './camel-case';
import { envelopeError, unwrapEnvelope } from './envelope';

describe('envelope', () => {
  it('finds no error in a success', () => {
    expect(envelopeError({ errno: 0, errmsg: '', data: 1 }, 200)).toBeNull();
    expect(envelopeError({ code: 200, data: 1 }, 200)).toBeNull();
    expect(envelopeError('text', 200)).toBeNull();
  });
  it('keeps the server message', () => {
    expect(envelopeError({ errno: 20001, errmsg: 'please sign in' }, 200)).toMatchObject({
      errno: 20001,
      errmsg: 'please sign in',
    });
  });
  it('unwraps data', () => {
    expect(unwrapEnvelope({ errno: 0, data: { a: 1 } })).toEqual({ a: 1 });
    expect(unwrapEnvelope([1])).toEqual([1]);
  });
});

describe('key case', () => {
  it('camelCases nested keys and leaves values alone', () => {
    expect(camelizeKeys({ unified_cart_data: { total_items: 2, items: [{ product_name: 'a_b' }] } })).toEqual({
      unifiedCartData: { totalItems: 2, items: [{ productName: 'a_b' }] },
    });
  });
  it('snake-cases', () => {
    expect(snakeKey('utmCampaign')).toBe('utm_campaign');
  });
});
