import jsQR from 'jsqr';

/** Paints an SVG QR's unit squares onto an RGBA raster, `scale` pixels per module, as a screen would show it. */
function rasterise(svg: string, scale: number): { data: Uint8ClampedArray; side: number } {
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

/** What a phone's camera reads from a QR code the store drew (sandboxQrSvg), or null when it reads nothing. */
export function readQrSvg(svg: string, scale = 4): string | null {
  const { data, side } = rasterise(svg, scale);
  return jsQR(data, side, side)?.data ?? null;
}
