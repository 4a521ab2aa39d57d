import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The page stylesheets, and the islands' sources that carry their own CSS in strings. */
function styleSources(): { file: string; text: string }[] {
  const stylesDir = __dirname;
  const widgetsDir = path.resolve(__dirname, '../../widgets');
  const sheets = fs.readdirSync(stylesDir).filter((name) => name.endsWith('.css')).map((name) => path.join(stylesDir, name));
  const islands = (fs.readdirSync(widgetsDir, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.') && !name.startsWith('dist'))
    .map((name) => path.join(widgetsDir, name));
  return [...sheets, ...islands].map((file) => ({ file: path.relative(process.cwd(), file), text: fs.readFileSync(file, 'utf8') }));
}

/** Each weight is a font the browser looks up and prepares while laying the page out (base.css, "Type"). */
const WEIGHTS = new Set(['400', '700', 'normal', 'bold', 'inherit']);

describe('type scale', () => {
  it('draws text in two weights, 400 and 700, in every stylesheet and island', () => {
    const others = styleSources().flatMap(({ file, text }) =>
      Array.from(text.matchAll(/font-weight:\s*([^;}'"`\s]+)/g), (m) => m[1] ?? '')
        .filter((weight) => !WEIGHTS.has(weight))
        .map((weight) => `${file}: font-weight ${weight}`),
    );
    expect(others).toEqual([]);
  });

  it('finds the declarations it checks', () => {
    const declarations = styleSources().reduce((n, { text }) => n + (text.match(/font-weight:/g)?.length ?? 0), 0);
    expect(declarations).toBeGreaterThan(30);
  });
});
