import { describe, expect, it } from 'vitest';
import { konbiniBarcodeSvg } from './konbini-barcode';

describe('the konbini barcode', () => {
  it('draws the code as a Code 128 SVG, the same code the same bars', () => {
    const svg = konbiniBarcodeSvg('1234567890123');
    expect(svg).toMatch(/^<svg [^>]*viewBox/);
    expect(svg).toContain('<path');
    expect(konbiniBarcodeSvg('1234567890123')).toBe(svg);
    expect(konbiniBarcodeSvg('1234567890124')).not.toBe(svg);
  });
});
