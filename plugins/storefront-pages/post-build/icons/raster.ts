/**
 * A small anti-aliased rasteriser for the brand mark's SVG path (M, L, H, V, A, Z, absolute or relative): enough
 * to make the PNG favicon and app icons from the same geometry as the header's inline SVG, at build time and
 * without an image library.
 */
type Point = [number, number];

/** Points along an SVG elliptical arc (endpoint parameterisation, SVG 1.1 appendix F.6.5). */
function arcPoints(
  from: Point,
  rx: number,
  ry: number,
  rotation: number,
  large: boolean,
  sweep: boolean,
  to: Point,
): Point[] {
  const [x1, y1] = from;
  const [x2, y2] = to;
  if (rx === 0 || ry === 0) return [to];
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  let rxa = Math.abs(rx);
  let rya = Math.abs(ry);
  const lambda = (xp * xp) / (rxa * rxa) + (yp * yp) / (rya * rya);
  if (lambda > 1) {
    rxa *= Math.sqrt(lambda);
    rya *= Math.sqrt(lambda);
  }
  const numerator = rxa * rxa * rya * rya - rxa * rxa * yp * yp - rya * rya * xp * xp;
  const denominator = rxa * rxa * yp * yp + rya * rya * xp * xp;
  const factor = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cxp = (factor * rxa * yp) / rya;
  const cyp = (-factor * rya * xp) / rxa;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const start = angle(1, 0, (xp - cxp) / rxa, (yp - cyp) / rya);
  let delta = angle((xp - cxp) / rxa, (yp - cyp) / rya, (-xp - cxp) / rxa, (-yp - cyp) / rya);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const steps = Math.max(8, Math.ceil((Math.abs(delta) * Math.max(rxa, rya)) / 0.25));
  const points: Point[] = [];
  for (let i = 1; i <= steps; i += 1) {
    const t = start + (delta * i) / steps;
    const ex = rxa * Math.cos(t);
    const ey = rya * Math.sin(t);
    points.push([cos * ex - sin * ey + cx, sin * ex + cos * ey + cy]);
  }
  return points;
}

/** The closed polygons of a path's `d` attribute (curves flattened into short segments). */
export function pathPolygons(d: string): Point[][] {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let pen: Point = [0, 0];
  let start: Point = [0, 0];
  let command = '';
  let i = 0;
  const number = () => {
    const token = tokens[i];
    i += 1;
    if (token === undefined || !/^[-.\d]/.test(token))
      throw new Error(`path: a number was expected at token ${i} of "${d}"`);
    return Number(token);
  };
  const close = () => {
    if (current.length > 2) polygons.push(current);
    current = [];
  };
  while (i < tokens.length) {
    const token = tokens[i] as string;
    if (/^[A-Za-z]$/.test(token)) {
      command = token;
      i += 1;
      if (command === 'Z' || command === 'z') {
        close();
        pen = start;
        continue;
      }
    }
    const relative = command === command.toLowerCase();
    const [px, py] = pen;
    switch (command.toUpperCase()) {
      case 'M': {
        close();
        const x = number();
        const y = number();
        pen = relative ? [px + x, py + y] : [x, y];
        start = pen;
        current = [pen];
        command = relative ? 'l' : 'L'; // further pairs after M are line-tos
        continue;
      }
      case 'L': {
        const x = number();
        const y = number();
        pen = relative ? [px + x, py + y] : [x, y];
        break;
      }
      case 'H': {
        const x = number();
        pen = [relative ? px + x : x, py];
        break;
      }
      case 'V': {
        const y = number();
        pen = [px, relative ? py + y : y];
        break;
      }
      case 'A': {
        const rx = number();
        const ry = number();
        const rotation = number();
        const large = number() !== 0;
        const sweep = number() !== 0;
        const x = number();
        const y = number();
        const to: Point = relative ? [px + x, py + y] : [x, y];
        current.push(...arcPoints(pen, rx, ry, rotation, large, sweep, to));
        pen = to;
        continue;
      }
      default:
        throw new Error(`path: command "${command}" is not supported in "${d}"`);
    }
    current.push(pen);
  }
  close();
  return polygons;
}

/** The path of a rounded rectangle, as SVG's <rect rx> draws it. */
export function roundedRectPath(x: number, y: number, width: number, height: number, r: number): string {
  return (
    `M${x + r} ${y}H${x + width - r}A${r} ${r} 0 0 1 ${x + width} ${y + r}V${y + height - r}A${r} ${r} 0 0 1 ` +
    `${x + width - r} ${y + height}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + height - r}V${y + r}A${r} ${r} 0 0 1 ` +
    `${x + r} ${y}Z`
  );
}

/**
 * Which sample centres of one horizontal line lie inside the polygons, by the non-zero winding rule (SVG's
 * default): the line's crossings with every edge, sorted, mark the runs where the winding number is not zero.
 */
function scanline(polygons: Point[][], y: number, xs: readonly number[]): boolean[] {
  const crossings: { x: number; dir: number }[] = [];
  for (const polygon of polygons) {
    for (let k = 0; k < polygon.length; k += 1) {
      const [ax, ay] = polygon[k] as Point;
      const [bx, by] = polygon[(k + 1) % polygon.length] as Point;
      if (ay <= y ? by > y : by <= y)
        crossings.push({ x: ax + ((y - ay) / (by - ay)) * (bx - ax), dir: by > ay ? 1 : -1 });
    }
  }
  crossings.sort((a, b) => a.x - b.x);
  const result = new Array<boolean>(xs.length).fill(false);
  let winding = 0;
  let c = 0;
  for (let k = 0; k < xs.length; k += 1) {
    const x = xs[k] as number;
    while (c < crossings.length && (crossings[c] as { x: number }).x <= x) {
      winding += (crossings[c] as { dir: number }).dir;
      c += 1;
    }
    result[k] = winding !== 0;
  }
  return result;
}

export interface Layer {
  /** SVG path data in the drawing's own units. */
  d: string;
  /** `#rrggbb` */
  fill: string;
  /** Shrinks the layer into the middle by this share of the size on each side (a maskable icon's safe zone). */
  inset?: number;
}

/**
 * Draws layers (in order, each over the last) into a `size`×`size` RGBA bitmap; `viewBox` is the drawing's
 * square extent.
 */
export function rasterize(layers: readonly Layer[], viewBox: number, size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4; // 4×4 samples per pixel for smooth edges
  for (const layer of layers) {
    const inset = layer.inset ?? 0;
    const scale = viewBox / (size * (1 - 2 * inset));
    const toDrawing = (pixel: number, sample: number) => (pixel - size * inset + (sample + 0.5) / samples) * scale;
    const xs = Array.from({ length: size * samples }, (_, k) => toDrawing(Math.floor(k / samples), k % samples));
    const polygons = pathPolygons(layer.d);
    const rgb = [1, 3, 5].map((at) => parseInt(layer.fill.slice(at, at + 2), 16)) as [number, number, number];
    for (let py = 0; py < size; py += 1) {
      const hits = new Array<number>(size).fill(0);
      for (let sy = 0; sy < samples; sy += 1) {
        scanline(polygons, toDrawing(py, sy), xs).forEach((on, k) => {
          if (on) hits[Math.floor(k / samples)] = (hits[Math.floor(k / samples)] ?? 0) + 1;
        });
      }
      for (let px = 0; px < size; px += 1) {
        const alpha = (hits[px] as number) / (samples * samples);
        if (alpha === 0) continue;
        const at = (py * size + px) * 4;
        const below = (pixels[at + 3] as number) / 255;
        const out = alpha + below * (1 - alpha);
        for (let channel = 0; channel < 3; channel += 1) {
          pixels[at + channel] = Math.round(
            (rgb[channel]! * alpha + (pixels[at + channel] as number) * below * (1 - alpha)) / out,
          );
        }
        pixels[at + 3] = Math.round(out * 255);
      }
    }
  }
  return pixels;
}
