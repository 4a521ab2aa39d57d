import { describe, expect, it } from 'vitest';
import { fixedImage, fluidImage, rasterSource, renditionPath, renditionWidths, sharedImage } from './image-renditions';

describe('image renditions', () => {
  it("rasterises the content's SVG pictures, and leaves the brand's mark and every other address alone", () => {
    expect(rasterSource('/images/products/xiaomi-15t.svg')).toEqual({ folder: 'products', name: 'xiaomi-15t' });
    expect(rasterSource('/images/categories/tvs.svg')).toEqual({ folder: 'categories', name: 'tvs' });
    expect(rasterSource('/images/labels/energy-A.svg')).toEqual({ folder: 'labels', name: 'energy-A' });
    expect(fixedImage('/images/social/x.svg', 32)).toEqual({
      src: '/images/social/x.w32.webp',
      srcSet: '/images/social/x.w32.webp 1x, /images/social/x.w64.webp 2x',
    });
    for (const other of [
      '/images/brand/logo.svg',
      '/images/error/error.svg',
      '/images/avatar-default.svg',
      '/images/products/x.webp',
      '/api/reviews/photos/1',
      'https://cdn.example/images/products/a.svg',
      '/images/products/../brand/logo.svg',
    ]) {
      expect(rasterSource(other)).toBeNull();
      expect(fixedImage(other, 96)).toEqual({ src: other });
      expect(fluidImage(other, '100vw')).toEqual({ src: other });
      expect(sharedImage(other)).toBe(other);
    }
  });

  it('gives a fixed-width image the smallest sharp rendition for 1x and for 2x screens', () => {
    expect(fixedImage('/images/products/xiaomi-15t.svg', 240)).toEqual({
      src: '/images/products/xiaomi-15t.w240.webp',
      srcSet: '/images/products/xiaomi-15t.w240.webp 1x, /images/products/xiaomi-15t.w480.webp 2x',
    });
    expect(fixedImage('/images/products/xiaomi-15t.svg', 80).srcSet).toBe(
      '/images/products/xiaomi-15t.w96.webp 1x, /images/products/xiaomi-15t.w160.webp 2x',
    );
    // Wider than every rendition: the largest, once.
    expect(fixedImage('/images/categories/tvs.svg', 200)).toEqual({ src: '/images/categories/tvs.w128.webp' });
  });

  it('lets the browser choose a fluid image among every rendition by the width the layout gives it', () => {
    const hero = fluidImage('/images/banners/home.svg', '(min-width: 1440px) 1440px, 100vw');
    expect(hero.sizes).toBe('(min-width: 1440px) 1440px, 100vw');
    expect(hero.srcSet?.split(', ')).toEqual(
      renditionWidths.banners.map((w) => `/images/banners/home.w${w}.webp ${w}w`),
    );
    expect(hero.src).toBe('/images/banners/home.w1440.webp');
  });

  it('shares the largest rendition with other sites, which mostly read no SVG', () => {
    expect(sharedImage('/images/products/xiaomi-15t.svg')).toBe(renditionPath('products', 'xiaomi-15t', 1200));
  });
});
