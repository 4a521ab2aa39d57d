import { describe, expect, it } from 'vitest';
import { progressAfter, type BuildProgress } from './build-progress';

/** Lines as Gatsby prints them into a pipe (colour and cursor codes included), in the order of a de build. */
const LINES = [
  '> storefront@0.1.0 build:sites',
  '\u001b[2K\u001b[1A\u001b[2K\u001b[Gsuccess load plugins - 0.812s',
  '\u001b[2K\u001b[1A\u001b[2K\u001b[Gsuccess storefront de - 0.409s - 984 pages',
  '\u001b[2K\u001b[1A\u001b[2K\u001b[Ginfo Created 984 pages for 1 storefronts',
  'some other output',
  '\u001b[2K\u001b[1A\u001b[2K\u001b[Gsuccess Building static HTML for pages - 9.405s - 984/984 492.53/s',
];

describe("a build's progress read from its output", () => {
  it('takes the total when pages are created and the pages done when the HTML step ends', () => {
    let p: BuildProgress = { phase: '', pagesDone: 0, pagesTotal: 0 };
    const seen: BuildProgress[] = [];
    for (const line of LINES) {
      const next = progressAfter(line, p);
      if (next) seen.push((p = next));
    }
    expect(seen.map((s) => s.phase)).toEqual([
      'build:sites',
      'load plugins',
      'storefront de',
      'pages created',
      'pages rendered',
    ]);
    expect(p).toEqual({ phase: 'pages rendered', pagesDone: 984, pagesTotal: 984 });
    expect(seen[2]).toMatchObject({ pagesDone: 0, pagesTotal: 984 });
  });

  it('reads a build’s own progress lines and ignores broken ones', () => {
    const start = { phase: '', pagesDone: 0, pagesTotal: 0 };
    expect(progressAfter('@@progress {"phase":"rendering","pagesDone":4,"pagesTotal":10}', start)).toEqual({
      phase: 'rendering',
      pagesDone: 4,
      pagesTotal: 10,
    });
    expect(progressAfter('@@progress {broken', start)).toBeNull();
  });
});
