import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The page stylesheets, and the islands' sources that carry their own CSS in strings. */
function styleSources(): { file: string; text: string }[] {
  const stylesDir = __dirname;
  const widgetsDir = path.resolve(__dirname, '../../widgets');
  const sheets = fs
    .readdirSync(stylesDir)
    .filter((name) => name.endsWith('.css'))
    .map((name) => path.join(stylesDir, name));
  const islands = (fs.readdirSync(widgetsDir, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.') && !name.startsWith('dist'))
    .map((name) => path.join(widgetsDir, name));
  return [...sheets, ...islands].map((file) => ({
    file: path.relative(process.cwd(), file),
    text: fs.readFileSync(file, 'utf8'),
  }));
}

/** Each weight is a font the browser looks up and prepares while laying the page out (base.css, "Type"). */
const WEIGHTS = new Set(['400', '700', 'normal', 'bold', 'inherit']);

/**
 * The same for each size: four on the rem scale (with and without the leading zero, as minifiers write them in the
 * islands' CSS strings), 0.875em for a note inside body text, and fluid headings that start at 1.5rem on a phone.
 */
const SIZES = new Set(['0.75rem', '.75rem', '0.875rem', '.875rem', '1rem', '1.5rem', '0.875em', '.875em', 'inherit']);
const FLUID_HEADING = /^clamp\(1\.5rem,/;

function declared(property: string): { file: string; value: string }[] {
  const pattern = new RegExp(`${property}:\\s*([^;}'"\`\\n]+)`, 'g');
  return styleSources().flatMap(({ file, text }) =>
    Array.from(text.matchAll(pattern), (m) => ({ file, value: (m[1] ?? '').trim() })),
  );
}

describe('type scale', () => {
  it('draws text in two weights, 400 and 700, in every stylesheet and island', () => {
    const others = declared('font-weight')
      .filter(({ value }) => !WEIGHTS.has(value))
      .map(({ file, value }) => `${file}: font-weight ${value}`);
    expect(others).toEqual([]);
  });

  it('sets text in the sizes of the scale in every stylesheet and island', () => {
    const others = declared('font-size')
      .filter(({ value }) => !SIZES.has(value) && !FLUID_HEADING.test(value))
      .map(({ file, value }) => `${file}: font-size ${value}`);
    expect(others).toEqual([]);
  });

  it('finds the declarations it checks', () => {
    expect(declared('font-weight').length).toBeGreaterThan(30);
    expect(declared('font-size').length).toBeGreaterThan(30);
  });
});
