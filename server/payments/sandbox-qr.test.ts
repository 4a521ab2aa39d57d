import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { sandboxQrSvg } from './sandbox-qr';

/** Paints the SVG's unit squares onto an RGBA raster, `scale` pixels per module, as a screen would show it. */
function rasterise(svg: string, scale = 4): { data: Uint8ClampedArray; side: number } {
  const modules = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const side = modules * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        data.fill(0, at, at + 3);
      }
  return { data, side };
}

describe('the sandbox QR code', () => {
  it.each(['SANDBOX-QRIS|apay_abcdefghijklmnopqrstuvwx|1250000|IDR', 'upi://pay?pa=store@sandbox&am=499.00&cu=INR'])(
    'is read back by a QR decoder: %s',
    (payload) => {
      const { data, side } = rasterise(sandboxQrSvg(payload));
      expect(jsQR(data, side, side)?.data).toBe(payload);
    },
  );

  it('draws another code for another payment', () => {
    expect(sandboxQrSvg('SANDBOX-QRIS|a|1|IDR')).not.toBe(sandboxQrSvg('SANDBOX-QRIS|b|1|IDR'));
  });
});
